// The server entry builds; only the browser entry is broken.
export const x: number = 1;
