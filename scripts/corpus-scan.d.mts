// Types of scripts/corpus-scan.mjs (for the TypeScript tests that import it).
export interface Token {
  kind: 'ident' | 'number' | 'punct';
  text: string;
  start: number;
  end: number;
}
export interface Site {
  construct: string;
  /** offset of the site's first character (its qualifier, if any) */
  start: number;
  /** offset just after its closing `)`, `}` or `>` */
  end: number;
  /** the name to hover on: the callee, or `Layout` */
  nameStart: number;
  nameEnd: number;
  /** the name it is assigned to: `NAME = site;`, `using NAME = Layout<…>;` */
  assigned?: string;
  assignedStart?: number;
  assignedEnd?: number;
}
export interface Excluded {
  construct: string;
  why: 'member' | 'qualified';
  start: number;
  nameStart: number;
}
export const CALL_NAMES: Set<string>;
export function isSiteCallee(name: string): boolean;
export function tokenize(text: string): { tokens: Token[]; includes: string[] };
export function usesTla(scan: { tokens: Token[]; includes: string[] }): boolean;
export interface LayoutObject {
  construct: string;
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
}
export const LAYOUT_CLASSES: Set<string>;
export function scanSites(text: string): { usesTla: boolean; sites: Site[]; excluded: Excluded[]; objects: LayoutObject[] };
