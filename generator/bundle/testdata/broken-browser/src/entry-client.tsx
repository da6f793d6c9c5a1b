import { missing } from "./nowhere";

export const x: number = missing;
