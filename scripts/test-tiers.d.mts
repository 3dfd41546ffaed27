// Types of scripts/test-tiers.mjs for the TypeScript files that use it (tests).
export const TIERS: { name: string; projects: string[] }[];
export function countResults(reportFile: string, exitStatus: number): { passed: number; failed: number };
export function failedTests(reportFile: string): string[];
export function formatSeconds(seconds: number): string;
