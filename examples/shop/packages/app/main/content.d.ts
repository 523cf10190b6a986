// The about page is built by the content package's Markdown bundler.
declare module '@shop/content/about' {
  export const html: string;
}
