// The types of what stylesheet and asset imports yield, for the editor and tsc.
/// <reference types="@kit-js/packages/client" />
