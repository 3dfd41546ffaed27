// Types of scripts/lib.mjs for the TypeScript files that use it (tests).
export const root: string;
export function run(command: string, args: string[]): number;
export function ensureInstalled(): void;
export function isBuildCurrent(): boolean;
export function ensureBuilt(): void;
