// How the language server's node process is started: the extension passes these to node,
// and the bench starts the server (and its floor) the same way, so that what it measures is
// what an editor runs.

/**
 * 4 MB semi-spaces: V8 fixes the young generation when the process starts (a flag set at run
 * time has no effect), and the default pair of 16 MB is most of the server's resident memory
 * beyond its live heap (docs/performance.md).
 */
export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=4'];
