/** The subpath of a package's root module (`exports` "."), in addresses and the emit. */
export const ROOT_SUBPATH = 'index';
