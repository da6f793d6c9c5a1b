// The HTML invoker commands (a button's command and commandfor attributes),
// which React passes through as written and its types do not list yet.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    /** What the button does to the element named by commandfor, with no script: "show-modal", "close", ... */
    command?: string;
    /** The id of the element the button's command acts on. */
    commandfor?: string;
  }
}
