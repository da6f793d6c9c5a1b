// Code generated from internal/routing (Manifest); DO NOT EDIT.
// Refresh: make types (go generate ./...)

export interface Headers {
  for: string;
  values: Record<string, string>;
}

export interface Manifest {
  trailingSlash: string;
  redirects: Redirect[];
  rewrites: Rewrite[];
  notFound: NotFound;
  headers: Headers[];
}

export interface NotFound {
  file: string;
  status: number;
}

export interface Redirect {
  from: string;
  to: string;
  status: number;
}

export interface Rewrite {
  from: string;
  to: string;
}
