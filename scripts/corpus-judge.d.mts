// Types of scripts/corpus-judge.mjs (for the TypeScript tests that import it).
export interface Pos {
  line: number;
  character: number;
}
export function assignHints<H extends { position: Pos }>(ends: Pos[], hints: H[]): Map<number, H[]>;
export function hoverValue(markdown: string | undefined): string | undefined;
export function hintValue(label: string | { value: string }[]): string;
export function isSymbolic(value: string): boolean;
export function hintText(label: string | { value: string }[]): string;
export function echoesCall(label: string | { value: string }[], callText: string): boolean;
export function callWords(sites: { start: number; end: number; assigned?: string }[], k: number, text: string): string;
export function percentile(values: number[], p: number): number;
export function judgeInformative(values: { via: string; value: string }[], callText: string): { informative: boolean; reason?: string };
export function hoverWhy(markdown: string | undefined): string;
