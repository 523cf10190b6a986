/** An error the preview's own code threw, as the runtime reports it to the service and both show it. */
export interface PageError {
  message: string;
  /** The address of the module it was thrown in (`/m/<package>@<version>/modules/<subpath>`), without its options. */
  address?: string;
  line?: number;
  column?: number;
}
