// The layout view's stepper values (`kIdx` → 3): the view's own bindings for its target, and what
// happens to them when the file binds the same name. Here, in shared/, so it is tested without an editor.
import type { PictureStepper } from './protocol';

/**
 * Takes the file's value of each stepped name when it changed since the last answer ("Bind kIdx"
 * wrote `// tla: kIdx=5`, the setting changed): the view then shows the bound value, not its older
 * step. `seen` keeps the file's values of the last answer. True when a value of `stepped` changed
 * (the picture is to be asked for again).
 */
export function adoptFileValues(stepped: Map<string, number>, seen: Map<string, number | null>, steppers: readonly PictureStepper[]): boolean {
  let changed = false;
  for (const st of steppers) {
    const file = st.fileValue ?? null;
    const before = seen.has(st.name) ? seen.get(st.name) : undefined;
    seen.set(st.name, file);
    // first sight: the view starts at the file's value anyway (the caller's fresh steppers)
    if (before === undefined || before === file || file === null) continue;
    if (stepped.get(st.name) !== file) {
      stepped.set(st.name, file);
      changed = true;
    }
  }
  return changed;
}
