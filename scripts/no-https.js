// Stands in for node-forge, listhen's certificate library, in kit's bundle: kit serves http
// only, so listhen never calls it, and its 0.9 MB of code is neither loaded nor kept.
export default new Proxy({}, {
  get() {
    throw new Error('kit serves http only: listhen\'s https certificates are not part of kit');
  },
});
