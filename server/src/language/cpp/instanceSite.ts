// An instantiation site of a kernel (`using BlockMmad = Gemm::Block::BlockMmadTla<…>;` at
// FILE:LINE) as a scratchpad: the file's Catlass includes, its `using namespace` lines, the
// aliases, constants and object-like macros before the site, then the site; and the members of
// the specialisation the site selects, each as the statement `r` would give it.
import { tokenizeHeader } from './cppExpr';
import { ScratchResult, copyOf, outcomeFields } from './scratch';
import { AssertFailure, SubstitutionFailure, Unknown } from './types';
import { NeedsLayoutEvaluator } from './resolver';
import { conditionHolds } from './headerIndex';
import { summarizeTla } from './tlaBridge';

/** The scratchpad text of the site at 1-based `line` of a C++ file, and the alias it declares. */
export function siteScratchText(cpp: string, line: number): { text: string; alias?: string } {
  const { toks, directives } = tokenizeHeader(cpp);
  const lineStart =
    cpp
      .split('\n')
      .slice(0, line - 1)
      .join('\n').length + (line > 1 ? 1 : 0);
  const out: string[] = [];
  // object-like macros before the site (a configuration macro's `#ifndef X #define X default`: its default), expanded in the statements
  const macros = new Map<string, string>();
  for (const d of directives) {
    if (d.at > lineStart) break;
    if (/^#\s*include\s*"(catlass|tla)\//.test(d.text)) out.push(d.text.trim());
    const def = /^#\s*define\s+(\w+)[ \t]+([^(\s][^\n]*?)\s*$/.exec(d.text);
    if (def && !macros.has(def[1])) macros.set(def[1], def[2]);
    const undef = /^#\s*undef\s+(\w+)/.exec(d.text);
    if (undef) macros.delete(undef[1]);
  }
  const expand = (text: string): string => {
    for (let round = 0; round < 4 && macros.size; round++) {
      const next = text.replace(/\b[A-Za-z_]\w*\b/g, (w) => macros.get(w) ?? w);
      if (next === text) break;
      text = next;
    }
    return text;
  };
  let alias: string | undefined;
  let start = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.t === ';' || t.t === '{' || t.t === '}') {
      start = i + 1;
      continue;
    }
    if (i !== start) continue;
    const isUsing = t.t === 'using';
    const isConst = ['constexpr', 'const', 'static'].includes(t.t);
    if (!isUsing && !isConst) continue;
    let j = i;
    while (j < toks.length && toks[j].t !== ';' && toks[j].t !== '{') j++;
    if (toks[j]?.t !== ';') continue;
    const text = expand(cpp.slice(t.at, toks[j].end));
    if (t.at > lineStart + (cpp.slice(lineStart).indexOf('\n') >>> 0)) break;
    out.push(text);
    if (isUsing && t.at >= lineStart) {
      alias = toks[i + 1]?.t;
      break;
    }
  }
  const arch = out.some((s) => /Ascend950/.test(s)) ? ['#define CATLASS_ARCH 3510'] : [];
  return { text: [...arch, ...out].join('\n') + '\n', alias };
}

export interface InstanceMember {
  name: string;
  value: Record<string, unknown> | null;
  error?: string;
}

/** The public static constexpr members and member types of the class the alias names, in the order of its body. */
export function instanceMembers(res: ScratchResult, alias: string): { members: InstanceMember[]; error?: AssertFailure; why?: string } {
  const r = res.resolver;
  const t = res.frame.bind?.get(alias);
  if (!t || t.k !== 'class') return { members: [], why: `${alias} is not resolved` };
  try {
    const inst = r.instance(t);
    r.complete(inst);
    const members: InstanceMember[] = [];
    for (const m of inst.decl.members) {
      if ((m.kind !== 'alias' && m.kind !== 'const') || m.access !== 'public' || (m.kind === 'alias' && m.params)) continue;
      if (!conditionHolds(m.cond, r.macros)) continue;
      const v = inst.members.get(m.name);
      if (!v || !('ok' in v)) {
        members.push({ name: m.name, value: null });
        continue;
      }
      members.push({ name: m.name, value: memberFields(v.ok, m.name, res) });
    }
    return { members };
  } catch (e) {
    if (e instanceof AssertFailure) return { members: [], error: e };
    if (e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator) return { members: [], why: e.message };
    throw e;
  }
}

function memberFields(t: import('./types').Ty, name: string, res: ScratchResult): Record<string, unknown> | null {
  if (t.k === 'tla') return summarizeTla(t.value);
  if (t.k === 'class' && /^Copy/.test(name)) {
    try {
      return outcomeFields({ ok: t, copy: copyOf(t, res.resolver) }) ?? null;
    } catch (e) {
      if (e instanceof AssertFailure) return { error: e.text, assert: `${e.header}:${e.line}` };
      if (e instanceof Unknown || e instanceof SubstitutionFailure) return null;
      throw e;
    }
  }
  return outcomeFields({ ok: t }) ?? null;
}
