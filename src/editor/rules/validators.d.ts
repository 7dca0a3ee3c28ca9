// The schema validators vite.config.ts compiles into the page's workers when it builds them.
declare module "virtual:houserules-validators" {
  import type { ValidateFunction } from "ajv";
  export const rules: ValidateFunction;
  export const scenario: ValidateFunction;
  export const sweep: ValidateFunction;
}
