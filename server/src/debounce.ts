// How long the server waits after an edit before it publishes diagnostics (pushed mode).
//
// 50 ms: what VS Code's own language features wait after a keystroke, so the squiggles
// follow typing as theirs do. The wait only collects a burst of keystrokes into one
// analysis; it is not needed to keep the server up with typing — re-analysing one edit of
// a 10,000-statement file takes a few ms (docs/performance.md) — and every request
// (hover, inlay hints) analyses the current version at once, without waiting for it.
export const DEBOUNCE_MS = 50;

/**
 * Once the edits have paused this long, the server analyses the new version and converts
 * its diagnostics while the debounce still runs: when it ends, only sending them is left.
 * An edit in between makes that work stale (it is done again after the next pause). Short,
 * so that a burst's analysis has most of the debounce (a 20-edit burst of a 10,000-statement
 * document can take 40 ms and more): the messages already received are seen first
 * (DiagnosticsScheduler.prepare), so the pause is only the gap between two arriving edits.
 */
export const PREPARE_MS = 4;
