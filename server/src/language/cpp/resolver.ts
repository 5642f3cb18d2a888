// The template resolver: what Catlass's class templates compute at compile time, the way C++
// does it, over the header index. Template arguments are substituted (defaults included), the
// most specialised matching partial specialisation is chosen (ambiguous or unsupported:
// unknown), member aliases are followed through nested templates and base classes, and a
// class's body is instantiated in order, so that the first static_assert that fails is the one
// the compiler reports. Integer constant expressions are evaluated here; a static constexpr
// member built with TLA (`tla::MakeLayout<…>(…)`) is given to the layout evaluator with the
// instantiation's bindings (tlaBridge.ts). Unknown stays unknown; work and depth are bounded.
import { Signal, type Arch } from '../../core';
import { ExprParser, Node, Seg, Tok, simpleName } from './cppExpr';
import type { ClassDecl, Member, NamespaceDecl, TemplateParam } from './headerFacts';
import { Declared, HeaderIndex, conditionHolds } from './headerIndex';
import { NATIVE_CLASS_TEMPLATES, applyNative, isNativeTemplate, nativeMember, nativeName, normalizeQ, sizeOfType } from './natives';
import { typeOfValue } from './valueTypes';
import { AssertFailure, SubstitutionFailure, Ty, UNRESOLVED, Unknown, boolVal, canonical, cls, keyOf, sameTy, val } from './types';

/** Where a name is looked up: template parameters, a class's members, then the namespaces. */
export interface Frame {
  bind?: Map<string, Ty>;
  inst?: Inst;
  scope: readonly string[];
  usings: readonly string[];
  parent?: Frame;
}

/** A class (template specialisation) as instantiated: the declaration selected and its parameters' bindings. */
export interface Inst {
  ty: Extract<Ty, { k: 'class' }>;
  decl: ClassDecl;
  file: string;
  frame: Frame;
  members: Map<string, MemberValue>;
  state: 'new' | 'busy' | 'done';
  error?: AssertFailure;
  bases: Inst[];
  /** The bases that do not depend on a template parameter: the only ones an unqualified name is looked up in. */
  plainBases: Inst[];
}

export type MemberValue = { ok: Ty } | { unknown: string } | { template: Extract<Member, { kind: 'alias' }> };

type Entity =
  | { e: 'ty'; ty: Ty }
  | { e: 'ns'; q: string }
  | { e: 'decls'; q: string; decls: Declared[] }
  | { e: 'memberTemplate'; inst: Inst; member: Extract<Member, { kind: 'alias' }> };

/** Bounds: a recursive template or a huge chain answers unknown. */
export const RESOLVER_LIMITS = { depth: 80, work: 400_000 };

/** Evaluates a static constexpr initializer that is not an integer expression (the layout evaluator does it). */
export type LayoutEvaluator = (initToks: readonly Tok[], frame: Frame, r: Resolver) => Ty;

export class Resolver {
  readonly macros: Map<string, bigint>;
  private readonly insts = new Map<string, Inst>();
  private readonly constCache = new Map<NamespaceDecl, Ty | Unknown>();
  private depth = 0;
  private work = 0;
  /** The instance whose body is being instantiated (for the error's "selected" specialisation). */
  layoutEvaluator?: LayoutEvaluator;

  constructor(
    readonly index: HeaderIndex,
    readonly arch: Arch,
    /** A file's path → its name relative to include/ (the goldens' `header`). */
    readonly headerName: (file: string) => string = (f) => f,
  ) {
    // a kernel's layouts are the device build's: the AscendC compiler defines __CCE__ there
    this.macros = new Map([
      ['CATLASS_ARCH', BigInt(arch)],
      ['__NPU_ARCH__', BigInt(arch)],
      ['__CCE__', 1n],
    ]);
  }

  private step(): void {
    if (++this.work > RESOLVER_LIMITS.work) throw new Unknown('the resolver reached its work limit');
  }
  private nested<T>(f: () => T): T {
    if (++this.depth > RESOLVER_LIMITS.depth) {
      this.depth--;
      throw new Unknown('the resolver reached its depth limit');
    }
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  /** Declarations of a qualified name present at this arch. */
  declsOf(q: string): Declared[] {
    const visible = this.visible;
    return this.index.lookup(q).filter((d) => (!visible || visible.has(d.file)) && conditionHolds(d.decl.cond, this.macros));
  }

  /** The files the translation unit includes (undefined: every indexed file). */
  visible?: ReadonlySet<string>;

  // ------------------------------------------------------------ names

  /** A name node as a type or a value. */
  resolve(x: Node, f: Frame): Ty {
    this.step();
    switch (x.n) {
      case 'name': {
        const n = simpleName(x);
        if (n === 'true' || n === 'false') return boolVal(n === 'true');
        return this.nested(() => this.entityTy(this.nameEntity(x, f), f));
      }
      case 'qual': {
        if (x.ptr) throw new Unknown('a pointer type');
        const t = this.resolve(x.x, f);
        return x.c && t.k === 'class' ? { k: 'const', x: t } : t;
      }
      case 'decltype': {
        // decltype of a name bound to a layout evaluator's value (a scratchpad's `auto layoutA = …`)
        const n = simpleName(x.x);
        const b = n ? this.lookupBinding(n, f) : undefined;
        if (b?.k === 'tla') return typeOfValue(b.value, b.leaf);
        throw new Unknown('decltype of an expression');
      }
      case 'pack':
        return this.resolve(x.x, f);
      case 'bad':
        throw new Unknown('an expression not read');
      default:
        return this.value(x, f);
    }
  }

  private lookupBinding(name: string, f: Frame): Ty | undefined {
    for (let fr: Frame | undefined = f; fr; fr = fr.parent) {
      const b = fr.bind?.get(name);
      if (b) return b;
    }
    return undefined;
  }

  private nameEntity(x: Extract<Node, { n: 'name' }>, f: Frame): Entity {
    let ent: Entity;
    const first = x.segs[0];
    if (first.name === '' && first.args) ent = { e: 'ty', ty: this.resolve(first.args[0], f) };
    else ent = x.global ? this.qualifiedEntity(first.name) : this.unqualified(first.name, f);
    if (first.args && first.name !== '') ent = { e: 'ty', ty: this.apply(ent, first.args, f) };
    for (const seg of x.segs.slice(1)) {
      ent = this.memberEntity(ent, seg.name, f);
      if (seg.args) ent = { e: 'ty', ty: this.apply(ent, seg.args, f) };
    }
    return ent;
  }

  private qualifiedEntity(q: string): Entity {
    const native = nativeName(q, this);
    if (native) return { e: 'ty', ty: native };
    if (isNativeTemplate(q)) return { e: 'decls', q, decls: [] };
    const decls = this.declsOf(q);
    if (decls.length) return { e: 'decls', q, decls };
    if (this.index.isNamespace(q) || ['std', 'AscendC', 'tla', 'AscendC::TPosition', 'AscendC::Std'].includes(q)) return { e: 'ns', q };
    throw new Unknown(`'${q}' is not declared`);
  }

  /** An unqualified name: template parameters and class members outward, then the namespaces and their using-directives. */
  private unqualified(name: string, f: Frame): Entity {
    for (let fr: Frame | undefined = f; fr; fr = fr.parent) {
      const b = fr.bind?.get(name);
      if (b === UNRESOLVED) throw new Unknown(`'${name}' is not resolved here`);
      if (b) return { e: 'ty', ty: b };
      if (fr.inst) {
        const m = this.findVisible(fr.inst, name);
        if (m) return this.memberValueEntity(fr.inst, m);
      }
    }
    const scope = f.scope;
    for (let i = scope.length; i >= 0; i--) {
      const q = [...scope.slice(0, i), name].join('::');
      if (nativeName(q, this, false) || isNativeTemplate(q) || this.declsOf(q).length || this.index.isNamespace(q)) return this.qualifiedEntity(q);
    }
    for (const u of f.usings) {
      for (let i = scope.length; i >= 0; i--) {
        const q = [...scope.slice(0, i), u, name].join('::');
        if (nativeName(q, this, false) || isNativeTemplate(q) || this.declsOf(q).length || this.index.isNamespace(q)) return this.qualifiedEntity(q);
      }
    }
    const native = nativeName(name, this);
    if (native) return { e: 'ty', ty: native };
    if (name === 'std' || name === 'AscendC' || name === 'tla') return { e: 'ns', q: name };
    throw new Unknown(`'${name}' is not declared`);
  }

  private memberValueEntity(inst: Inst, m: MemberValue): Entity {
    if ('ok' in m) return { e: 'ty', ty: m.ok };
    if ('template' in m) return { e: 'memberTemplate', inst, member: m.template };
    throw new Unknown(m.unknown);
  }

  private memberEntity(ent: Entity, name: string, f: Frame): Entity {
    this.step();
    if (ent.e === 'ns') return this.qualifiedEntity(`${ent.q}::${name}`);
    if (ent.e === 'decls') {
      const d = ent.decls[0]?.decl;
      if (d?.kind === 'enum') return { e: 'ty', ty: this.enumerator(ent.decls[0], name) };
      if (d?.kind === 'class' && !d.params) return this.memberEntity({ e: 'ty', ty: cls(ent.q) }, name, f);
      if (d?.kind === 'alias' && !d.params) return this.memberEntity({ e: 'ty', ty: this.entityTy(ent, f) }, name, f);
      if (!d && this.index.isNamespace(`${ent.q}::${name}`)) return { e: 'ns', q: `${ent.q}::${name}` };
      throw new Unknown(`a member of the template ${ent.q} without arguments`);
    }
    if (ent.e === 'memberTemplate') throw new Unknown('a member of a template');
    const t = ent.ty.k === 'const' ? ent.ty.x : ent.ty;
    if (t.k !== 'class') throw new Unknown(`'${name}' of a value`);
    const native = nativeMember(t, name, this);
    if (native !== undefined) return { e: 'ty', ty: native };
    const inst = this.instance(t);
    this.complete(inst);
    const m = this.findMember(inst, name);
    if (!m) throw new SubstitutionFailure(`${canonical(t)} has no member ${name}`);
    return this.memberValueEntity(inst, m);
  }

  private enumerator(d: Declared, name: string): Ty {
    const e = d.decl as Extract<NamespaceDecl, { kind: 'enum' }>;
    let v = -1n;
    for (const x of e.enumerators) {
      v = x.init ? this.integer(this.value(x.init, { scope: e.scope, usings: [] })) : v + 1n;
      if (x.name === name) return { k: 'enum', q: `${[...e.scope, e.name].join('::')}::${name}`, v };
    }
    throw new SubstitutionFailure(`no enumerator ${name}`);
  }

  /** The type or value an entity names (a template without arguments is a template name). */
  private entityTy(ent: Entity, _f: Frame): Ty {
    if (ent.e === 'ty') return ent.ty;
    // AscendC's enum TPosition is looked up as a scope (`AscendC::TPosition::GM`, natives.ts) and named as a type (`Arch::PositionType`'s `std::integral_constant<AscendC::TPosition, POS>`)
    if (ent.e === 'ns' && ent.q === 'AscendC::TPosition') return cls(ent.q);
    if (ent.e === 'ns') throw new Unknown(`the namespace ${ent.q} as a type`);
    if (ent.e === 'memberTemplate') throw new Unknown('a member template without arguments');
    const first = ent.decls[0];
    if (!first) return { k: 'template', q: ent.q };
    const d = first.decl;
    if (d.kind === 'class') return d.params && !d.specArgs ? { k: 'template', q: ent.q } : cls(ent.q);
    if (d.kind === 'enum') {
      // an unscoped enumerator named directly
      const e = d.enumerators.find((x) => ent.q.endsWith(`::${x.name}`) || ent.q === x.name);
      if (e) return this.enumerator(first, e.name);
      return cls(ent.q);
    }
    if (d.kind === 'alias') {
      if (d.params) return { k: 'template', q: ent.q };
      return this.resolve(d.target, { scope: d.scope, usings: d.usings });
    }
    if (d.kind === 'const') return this.namespaceConst(d, []);
    throw new Unknown(`the function ${ent.q} as a value`);
  }

  // ------------------------------------------------------------ template arguments

  /** Template arguments, packs expanded. */
  args(nodes: readonly Node[], f: Frame): Ty[] {
    const out: Ty[] = [];
    for (const a of nodes) {
      const t = this.resolve(a, f);
      if (t.k === 'pack') out.push(...t.items);
      else out.push(t);
    }
    return out;
  }

  /** `Name<args>`: a class template's specialisation (defaults filled), an alias template's target, a variable template's value. */
  apply(ent: Entity, argNodes: readonly Node[], f: Frame): Ty {
    this.step();
    if (ent.e === 'memberTemplate') {
      const m = ent.member;
      const bind = this.bindParams(m.params ?? [], this.args(argNodes, f), ent.inst.frame);
      return this.resolve(m.target, { bind, scope: ent.inst.frame.scope, usings: ent.inst.frame.usings, parent: ent.inst.frame });
    }
    if (ent.e !== 'decls') throw new Unknown('template arguments on something that is not a template');
    if (isNativeTemplate(ent.q)) return applyNative(ent.q, this.args(argNodes, f), this);
    const d = ent.decls[0].decl;
    const args = this.args(argNodes, f);
    if (d.kind === 'alias') {
      const frame: Frame = { scope: d.scope, usings: d.usings };
      // `using AscendC::SizeOfBits;`: the name is the other namespace's template
      if (!d.params && d.target.n === 'name') return this.apply(this.nameEntity(d.target, frame), argNodes, f);
      return this.resolve(d.target, { ...frame, bind: this.bindParams(d.params ?? [], args, frame) });
    }
    if (d.kind === 'const') return this.namespaceConst(d, args);
    if (d.kind === 'class') return this.specialisation(ent.q, ent.decls, args);
    throw new Unknown(`template arguments on ${ent.q}`);
  }

  /** The primary template's declarations (the definition and forward declarations, for the defaults). */
  private primaries(decls: readonly Declared[]): Declared[] {
    return decls.filter((d) => d.decl.kind === 'class' && d.decl.params && !d.decl.specArgs);
  }

  /** `Q<args>` with every default written out. */
  specialisation(q: string, decls: readonly Declared[], args: Ty[]): Ty {
    const prim = this.primaries(decls);
    if (!prim.length) throw new Unknown(`no primary template of ${q}`);
    const params = mergeDefaults(prim.map((p) => (p.decl as ClassDecl).params!));
    const primDecl = prim[0].decl as ClassDecl;
    const bind = this.bindParams(params, args, { scope: [...primDecl.scope], usings: primDecl.usings });
    const full: Ty[] = [];
    for (const p of params) {
      const b = bind.get(p.name)!;
      if (b.k === 'pack') full.push(...b.items);
      else full.push(b);
    }
    return cls(q, full);
  }

  /** Parameters bound to arguments; missing ones take their defaults, evaluated with the earlier ones bound. */
  bindParams(params: readonly TemplateParam[], args: readonly Ty[], frame: Frame): Map<string, Ty> {
    const bind = new Map<string, Ty>();
    let i = 0;
    for (const p of params) {
      if (p.pack) {
        bind.set(p.name, { k: 'pack', items: args.slice(i) });
        i = args.length;
        continue;
      }
      let a = args[i++];
      if (!a) {
        if (!p.def) throw new Unknown(`no argument for ${p.name}`);
        a = this.resolve(p.def, { ...frame, bind, parent: frame });
      }
      bind.set(p.name, this.convertArg(p, a, frame));
    }
    if (i < args.length) throw new Unknown('too many template arguments');
    return bind;
  }

  /** A non-type argument converts to its parameter's type (`bool`: 0/1). */
  private convertArg(p: TemplateParam, a: Ty, frame: Frame): Ty {
    if (p.kind !== 'value' || a.k !== 'val') return a;
    const t = p.valueType ? simpleName(p.valueType) : undefined;
    if (t === 'bool') return boolVal(a.v !== 0n);
    if (t && t !== 'auto') return val(a.v, t);
    void frame;
    return a;
  }

  // ------------------------------------------------------------ instances

  /** The instance of a class type: its specialisation selected (not yet instantiated). */
  instance(t: Extract<Ty, { k: 'class' }>): Inst {
    const key = keyOf(t);
    let inst = this.insts.get(key);
    if (inst) return inst;
    const decls = this.declsOf(t.q).filter((d) => d.decl.kind === 'class');
    if (!decls.length) throw new SubstitutionFailure(`${canonical(t)} has no members`);
    const chosen =
      t.args.length || decls.some((d) => (d.decl as ClassDecl).params)
        ? this.select(t, decls)
        : { d: decls.find((d) => (d.decl as ClassDecl).defined) ?? decls[0], bind: new Map<string, Ty>() };
    const decl = chosen.d.decl as ClassDecl;
    const outer: Frame = { scope: [...decl.scope, decl.name], usings: decl.usings };
    inst = { ty: t, decl, file: chosen.d.file, frame: outer, members: new Map(), state: 'new', bases: [], plainBases: [] };
    const enclosing = t.outer?.k === 'class' ? this.instance(t.outer).frame : undefined;
    inst.frame = { bind: chosen.bind, inst, scope: outer.scope, usings: outer.usings, parent: enclosing };
    this.insts.set(key, inst);
    return inst;
  }

  /** The most specialised matching specialisation (explicit ones first), else the primary. */
  private select(t: Extract<Ty, { k: 'class' }>, decls: Declared[]): { d: Declared; bind: Map<string, Ty> } {
    const explicit = decls.filter((d) => (d.decl as ClassDecl).specArgs && !(d.decl as ClassDecl).params?.length);
    for (const d of explicit) {
      const c = d.decl as ClassDecl;
      const frame: Frame = { scope: c.scope, usings: c.usings };
      try {
        const pattern = this.specialisation(t.q, decls, this.args(c.specArgs!, frame));
        if (sameTy(pattern, t)) return { d, bind: new Map() };
      } catch (e) {
        if (!(e instanceof SubstitutionFailure)) throw e;
      }
    }
    const matches: { d: Declared; bind: Map<string, Ty> }[] = [];
    for (const d of decls) {
      const c = d.decl as ClassDecl;
      if (!c.specArgs || !c.params?.length || !c.defined) continue;
      const bind = this.match(t, decls, c);
      if (bind) matches.push({ d, bind });
    }
    if (matches.length === 1) return matches[0];
    if (matches.length > 1) {
      const best = matches.filter((m) => matches.every((o) => o === m || this.moreSpecialised(m.d.decl as ClassDecl, o.d.decl as ClassDecl)));
      if (best.length === 1) return best[0];
      throw new Unknown(`ambiguous partial specialisations of ${t.q}`);
    }
    const prim = this.primaries(decls);
    const def = prim.find((p) => (p.decl as ClassDecl).defined) ?? prim[0];
    if (!def) throw new Unknown(`no primary template of ${t.q}`);
    const c = def.decl as ClassDecl;
    return { d: def, bind: this.bindParams(c.params!, t.args, { scope: c.scope, usings: c.usings }) };
  }

  /** The partial specialisation's parameters deduced from the type's arguments, or undefined when it does not match. */
  private match(t: Extract<Ty, { k: 'class' }>, decls: Declared[], c: ClassDecl): Map<string, Ty> | undefined {
    const params = new Set(c.params!.map((p) => p.name));
    const deduced = new Map<string, Ty>();
    const frame: Frame = { scope: c.scope, usings: c.usings };
    if (!this.deduceList(c.specArgs!, t.args, params, deduced, frame)) return undefined;
    for (const p of c.params!) if (!deduced.has(p.name) && !p.pack) return undefined;
    for (const p of c.params!) if (p.pack && !deduced.has(p.name)) deduced.set(p.name, { k: 'pack', items: [] });
    try {
      const pattern = this.specialisation(t.q, decls, this.args(c.specArgs!, { ...frame, bind: deduced }));
      return sameTy(pattern, t) ? deduced : undefined;
    } catch (e) {
      if (e instanceof SubstitutionFailure) return undefined;
      throw e;
    }
  }

  private deduceList(patterns: readonly Node[], args: readonly Ty[], params: Set<string>, out: Map<string, Ty>, f: Frame): boolean {
    for (let i = 0; i < patterns.length; i++) {
      const p = patterns[i];
      if (p.n === 'pack') {
        const name = simpleName(p.x);
        if (name && params.has(name)) out.set(name, { k: 'pack', items: args.slice(i) });
        return true;
      }
      if (i >= args.length) return true;
      if (!this.deduce(p, args[i], params, out, f)) return false;
    }
    return true;
  }

  /** Deduction from one argument (non-deduced contexts are left to the substitution check after it). */
  private deduce(p: Node, a: Ty, params: Set<string>, out: Map<string, Ty>, f: Frame): boolean {
    if (a === ANY) return true;
    const name = simpleName(p);
    if (name && params.has(name)) {
      const had = out.get(name);
      if (had) return sameTy(had, a);
      out.set(name, a);
      return true;
    }
    if (p.n === 'qual' && p.c) return a.k === 'const' ? this.deduce(p.x, a.x, params, out, f) : false;
    if (!mentions(p, params)) return this.sameOrUnknown(p, a, f);
    if (p.n !== 'name') return true;
    const last = p.segs[p.segs.length - 1];
    if (!last.args || p.segs.slice(0, -1).some((s) => s.args && mentionsArgs(s.args, params))) return true;
    let ent: Entity;
    try {
      ent = this.nameEntity({ n: 'name', segs: [...p.segs.slice(0, -1), { name: last.name }], global: p.global }, f);
    } catch (e) {
      if (e instanceof Unknown || e instanceof SubstitutionFailure) return true;
      throw e;
    }
    if (ent.e !== 'decls') return true;
    if (isNativeTemplate(ent.q)) {
      // a native class template (AscendC::LocalTensor<E>) deduces like any other; a native alias or trait does not
      const q = normalizeQ(ent.q);
      if (!NATIVE_CLASS_TEMPLATES.has(q)) return true;
      if (a.k !== 'class' || a.q !== q) return false;
      return this.deduceList(last.args, a.args, params, out, f);
    }
    const d = ent.decls[0]?.decl;
    if (d?.kind === 'alias' && d.params) {
      const expanded = substituteNodes(d.target, d.params, last.args);
      return expanded ? this.deduce(expanded, a, params, out, { scope: d.scope, usings: d.usings, parent: f }) : true;
    }
    if (d?.kind !== 'class') return true;
    if (a.k !== 'class' || a.q !== ent.q) return false;
    return this.deduceList(last.args, a.args, params, out, f);
  }

  /**
   * Partial ordering: `a` is at least as specialised as `b` when b's pattern deduces from a's
   * arguments, a's parameters taken as unique types (an argument that does not resolve so, an
   * enable_if condition over them, matches anything: it is a non-deduced context of b's).
   */
  private sameOrUnknown(p: Node, a: Ty, f: Frame): boolean {
    try {
      return sameTy(this.resolve(p, f), a);
    } catch (e) {
      if (e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator) return true;
      throw e;
    }
  }

  private atLeastAsSpecialised(a: ClassDecl, b: ClassDecl): boolean {
    const opaque = new Map<string, Ty>();
    for (const p of a.params!) opaque.set(p.name, p.pack ? { k: 'pack', items: [cls(`$${p.name}`)] } : cls(`$${p.name}`));
    const frame: Frame = { scope: a.scope, usings: a.usings, bind: opaque };
    const aArgs: Ty[] = [];
    for (const x of a.specArgs!) {
      try {
        const t = this.resolve(x, frame);
        if (t.k === 'pack') aArgs.push(...t.items);
        else aArgs.push(t);
      } catch (e) {
        if (!(e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator)) throw e;
        aArgs.push(ANY);
      }
    }
    const params = new Set(b.params!.map((p) => p.name));
    return this.deduceList(b.specArgs!, aArgs, params, new Map(), { scope: b.scope, usings: b.usings });
  }

  /** a is more specialised than b: at least as specialised, and not the other way. */
  private moreSpecialised(a: ClassDecl, b: ClassDecl): boolean {
    return this.atLeastAsSpecialised(a, b) && !this.atLeastAsSpecialised(b, a);
  }

  // ------------------------------------------------------------ class bodies

  /** Instantiates the class: its bases, then its members and static_asserts in order. A failing assert is kept and thrown. */
  complete(inst: Inst): void {
    if (inst.state === 'done' || inst.state === 'busy') {
      if (inst.error) throw inst.error;
      return;
    }
    inst.state = 'busy';
    try {
      this.nested(() => {
        for (const b of inst.decl.bases) {
          const t = this.resolve(b, inst.frame);
          if (t.k !== 'class') continue;
          const bi = this.instance(t);
          this.complete(bi);
          inst.bases.push(bi);
          if (!dependsOn(b, templateParams(inst.frame))) inst.plainBases.push(bi);
        }
        // as the compiler does, the body goes on past a failing static_assert (its later members
        // and asserts are known: a budget after it); the first failure is the one reported
        let first: AssertFailure | undefined;
        for (const m of inst.decl.members) {
          try {
            this.instantiateMember(inst, m);
          } catch (e) {
            if (!(e instanceof AssertFailure)) throw e;
            first ??= e;
          }
        }
        if (first) throw first;
      });
    } catch (e) {
      if (e instanceof AssertFailure) inst.error = e;
      throw e;
    } finally {
      inst.state = 'done';
    }
  }

  private instantiateMember(inst: Inst, m: Member): void {
    if (!conditionHolds(m.cond, this.macros)) return;
    if (m.kind === 'alias') {
      if (m.params) inst.members.set(m.name, { template: m });
      else
        inst.members.set(
          m.name,
          this.guard(() => this.resolve(m.target, inst.frame)),
        );
    } else if (m.kind === 'const') {
      inst.members.set(
        m.name,
        this.guard(() => this.constMember(m, inst.frame)),
      );
    } else if (m.kind === 'assert') {
      let ok: Ty;
      try {
        ok = this.value(m.expr, inst.frame);
      } catch (e) {
        if (e instanceof Unknown || e instanceof SubstitutionFailure) return;
        throw e;
      }
      if (ok.k === 'val' && ok.v === 0n) throw new AssertFailure(m.message, this.headerName(inst.file), m.line);
    } else if (m.kind === 'field') {
      // a data member's class is instantiated with this one: its failing static_assert is this instantiation's
      let t: Ty;
      try {
        t = this.resolve(m.type, inst.frame);
      } catch (e) {
        if (e instanceof Unknown || e instanceof SubstitutionFailure) return;
        throw e;
      }
      if (t.k === 'const') t = t.x;
      if (t.k !== 'class' || nativeOnly(t.q)) return;
      let fi: Inst;
      try {
        fi = this.instance(t);
      } catch (e) {
        if (e instanceof Unknown || e instanceof SubstitutionFailure) return;
        throw e;
      }
      this.complete(fi);
    } else if (m.kind === 'class') {
      // a nested class is its enclosing instance's: `Outer<…>::Arguments`
      if (!m.decl.params && !m.decl.specArgs)
        inst.members.set(m.decl.name, { ok: { k: 'class', q: [...m.decl.scope, m.decl.name].join('::'), args: [], outer: inst.ty } });
    } else if (m.kind === 'enum') {
      for (const x of m.decl.enumerators)
        inst.members.set(
          x.name,
          this.guard(() => this.enumerator({ file: inst.file, decl: m.decl }, x.name)),
        );
    }
  }

  private guard(f: () => Ty): MemberValue {
    try {
      return { ok: f() };
    } catch (e) {
      if (e instanceof Unknown || e instanceof SubstitutionFailure) return { unknown: e.message };
      throw e;
    }
  }

  /** A member of an instance or of its bases (bases in order). */
  findMember(inst: Inst, name: string): MemberValue | undefined {
    if (inst.state === 'new') this.complete(inst);
    const own = inst.members.get(name);
    if (own) return own;
    for (const b of inst.bases) {
      const m = this.findMember(b, name);
      if (m) return m;
    }
    return undefined;
  }

  /**
   * What an unqualified name finds in the class: its own members, then its non-dependent bases'
   * (C++ does not look in a base that depends on a template parameter, `Base<E>`, until instantiation).
   */
  findVisible(inst: Inst, name: string): MemberValue | undefined {
    if (inst.state === 'new') this.complete(inst);
    const own = inst.members.get(name);
    if (own) return own;
    for (const b of inst.plainBases) {
      const m = this.findMember(b, name);
      if (m) return m;
    }
    return undefined;
  }

  /** A static constexpr member: an integer expression here, anything else by the layout evaluator. */
  private constMember(m: Extract<Member, { kind: 'const' }>, f: Frame): Ty {
    try {
      const v = this.value(m.init, f);
      const t = simpleName(m.type.n === 'qual' ? m.type.x : m.type);
      if (v.k === 'val' && t === 'bool') return boolVal(v.v !== 0n);
      if (v.k === 'val' && t && t !== 'auto') return val(v.v, t);
      return v;
    } catch (e) {
      if (!(e instanceof NeedsLayoutEvaluator) || !this.layoutEvaluator) throw e;
      const v = this.layoutEvaluator(m.initToks, f, this);
      // an integer the layout evaluator computed, declared as an integer type: the member's value
      const t = simpleName(m.type.n === 'qual' ? m.type.x : m.type);
      if (v.k === 'tla' && v.value.kind === 'int' && v.value.value !== undefined && t && t !== 'auto') return val(v.value.value, t);
      return v;
    }
  }

  private namespaceConst(d: Extract<NamespaceDecl, { kind: 'const' }>, args: Ty[]): Ty {
    const frame: Frame = { scope: d.scope, usings: d.usings };
    if (d.params) return this.value(d.init, { ...frame, bind: this.bindParams(d.params, args, frame) });
    const c = this.constCache.get(d);
    if (c instanceof Unknown) throw c;
    if (c) return c;
    try {
      const v = this.value(d.init, frame);
      this.constCache.set(d, v);
      return v;
    } catch (e) {
      if (e instanceof Unknown) this.constCache.set(d, e);
      throw e;
    }
  }

  // ------------------------------------------------------------ constant expressions

  integer(t: Ty): bigint {
    if (t.k === 'val' || t.k === 'enum') return t.v;
    throw new Unknown(`${canonical(t)} is not an integer`);
  }

  /** An integer constant expression (bool, integer or enumerator). */
  value(x: Node, f: Frame): Ty {
    this.step();
    switch (x.n) {
      case 'num':
        return val(x.v, x.unsigned ? (x.long ? 'uint64_t' : 'uint32_t') : x.long ? 'int64_t' : 'int');
      case 'name': {
        const n = simpleName(x);
        if (n === 'true' || n === 'false') return boolVal(n === 'true');
        if (n === 'nullptr') throw new Unknown('nullptr');
        return this.resolve(x, f);
      }
      case 'unary': {
        const v = this.integer(this.value(x.x, f));
        if (x.op === '!') return boolVal(v === 0n);
        if (x.op === '-') return val(-v);
        if (x.op === '~') return val(~v);
        return val(v);
      }
      case 'binary':
        return this.binary(x, f);
      case 'cond':
        return this.integer(this.value(x.c, f)) ? this.value(x.a, f) : this.value(x.b, f);
      case 'sizeof':
        return val(BigInt(sizeOfType(this.resolve(x.x, f), this)), 'uint64_t');
      case 'cast': {
        const t = this.resolve(x.t, f);
        const v = this.integer(this.value(x.x, f));
        return t.k === 'class' && t.q === 'bool' ? boolVal(v !== 0n) : val(v, t.k === 'class' ? t.q : 'int');
      }
      case 'call':
        return this.call(x, f);
      case 'qual':
      case 'decltype':
      case 'pack':
        return this.resolve(x, f);
      default:
        throw new NeedsLayoutEvaluator();
    }
  }

  private binary(x: Extract<Node, { n: 'binary' }>, f: Frame): Ty {
    if (x.op === '&&' || x.op === '||') {
      // short-circuit: the side not evaluated may be unknown
      const a = this.integer(this.value(x.a, f)) !== 0n;
      if (x.op === '&&' ? !a : a) return boolVal(a);
      return boolVal(this.integer(this.value(x.b, f)) !== 0n);
    }
    const a = this.integer(this.value(x.a, f));
    const b = this.integer(this.value(x.b, f));
    switch (x.op) {
      case '+':
        return val(a + b);
      case '-':
        return val(a - b);
      case '*':
        return val(a * b);
      case '/':
      case '%':
        if (b === 0n) throw new Unknown('division by zero');
        return val(x.op === '/' ? a / b : a % b);
      case '<<':
        return val(a << b);
      case '>>':
        return val(a >> b);
      case '&':
        return val(a & b);
      case '|':
        return val(a | b);
      case '^':
        return val(a ^ b);
      case '==':
        return boolVal(a === b);
      case '!=':
        return boolVal(a !== b);
      case '<':
        return boolVal(a < b);
      case '>':
        return boolVal(a > b);
      case '<=':
        return boolVal(a <= b);
      case '>=':
        return boolVal(a >= b);
    }
    throw new Unknown(`operator ${x.op}`);
  }

  /** `tla::get<I>(T{})`, a constexpr function of one `return`, `T{}`/`T(x)` of an integral or static type. */
  private call(x: Extract<Node, { n: 'call' }>, f: Frame): Ty {
    if (x.f.n !== 'name') throw new NeedsLayoutEvaluator();
    const segs = x.f.segs;
    const last = segs[segs.length - 1];
    const fname = segs.map((s) => s.name).join('::');
    if ((fname === 'tla::get' || fname === 'get') && last.args?.length === 1 && x.args.length === 1) return this.tupleGet(last.args[0], x.args[0], f);
    const head: Extract<Node, { n: 'name' }> = { n: 'name', segs: [...segs.slice(0, -1), { name: last.name }], global: x.f.global };
    let ent: Entity;
    try {
      ent = this.nameEntity(head, f);
    } catch (e) {
      if (e instanceof Unknown) throw new NeedsLayoutEvaluator();
      throw e;
    }
    const fn = ent.e === 'decls' ? ent.decls.find((d) => d.decl.kind === 'function') : undefined;
    if (fn && fn.decl.kind === 'function') {
      const d = fn.decl;
      const frame: Frame = { scope: d.scope, usings: d.usings };
      const bind = new Map<string, Ty>();
      const explicit = last.args ? this.args(last.args, f) : [];
      (d.params ?? []).forEach((p, i) => {
        const given = explicit[i] ?? (p.def ? this.resolve(p.def, frame) : undefined);
        if (given) bind.set(p.name, given);
      });
      d.args.forEach((a, i) => x.args[i] && bind.set(a, this.value(x.args[i], f)));
      return this.nested(() => this.value(d.body, { ...frame, bind }));
    }
    const t = last.args ? this.apply(ent, last.args, f) : this.entityTy(ent, f);
    if (t.k === 'class' && x.args.length === 1) {
      const v = this.integer(this.value(x.args[0], f));
      return t.q === 'bool' ? boolVal(v !== 0n) : val(v, t.q);
    }
    if (t.k === 'class' && t.q === 'tla::C') return t.args[0];
    throw new NeedsLayoutEvaluator();
  }

  /** `tla::get<I>(T{})` of a static tuple type: its I-th Int. */
  private tupleGet(index: Node, of: Node, f: Frame): Ty {
    const i = Number(this.integer(this.value(index, f)));
    const t = of.n === 'call' && of.brace && !of.args.length ? this.resolve(of.f, f) : undefined;
    if (t?.k !== 'class' || t.q !== 'tla::tuple') throw new NeedsLayoutEvaluator();
    const item = t.args[i];
    if (item?.k === 'class' && item.q === 'tla::C') return item.args[0];
    throw new NeedsLayoutEvaluator();
  }

  /** A type or value written as text (`Gemm::Block::BlockMmadTla<…>`) in a frame. */
  resolveText(toks: readonly Tok[], f: Frame): Ty {
    return this.resolve(ExprParser.parse(toks), f);
  }
}

/** In partial ordering, an argument of the more specialised candidate that matches any pattern. */
const ANY: Ty = cls('$any');

/** Classes the natives model: nothing of theirs is instantiated from the headers. */
const nativeOnly = (q: string) => /^(tla|std|AscendC)::/.test(q) || !q.includes('::');

/** The initializer is not an integer constant expression: the layout evaluator takes it. */
export class NeedsLayoutEvaluator extends Signal {}

function mergeDefaults(lists: TemplateParam[][]): TemplateParam[] {
  const base = lists[0].map((p) => ({ ...p }));
  for (const l of lists.slice(1))
    l.forEach((p, i) => {
      if (base[i] && !base[i].def && p.def) base[i].def = p.def;
    });
  return base;
}

/** The template parameters a class body sees: its own and its enclosing class templates'. */
function templateParams(f: Frame): Set<string> {
  const out = new Set<string>();
  for (let fr: Frame | undefined = f; fr; fr = fr.parent) for (const k of fr.bind?.keys() ?? []) out.add(k);
  return out;
}

/** Whether a type written in the body names a template parameter anywhere (`Base<E>`, `E::Base`, `Base<typename E::T>`). */
function dependsOn(x: unknown, params: Set<string>): boolean {
  if (Array.isArray(x)) return x.some((y) => dependsOn(y, params));
  if (!x || typeof x !== 'object') return false;
  const node = x as Node;
  if (node.n === 'name' && !node.global && params.has(node.segs[0].name)) return true;
  return Object.values(x).some((y) => dependsOn(y, params));
}

function mentions(x: Node, params: Set<string>): boolean {
  switch (x.n) {
    case 'name':
      return (x.segs.length === 1 && !x.global && params.has(x.segs[0].name)) || x.segs.some((s) => s.args && mentionsArgs(s.args, params));
    case 'unary':
    case 'pack':
    case 'sizeof':
    case 'decltype':
      return mentions(x.x, params);
    case 'qual':
      return mentions(x.x, params);
    case 'binary':
      return mentions(x.a, params) || mentions(x.b, params);
    case 'cond':
      return mentions(x.c, params) || mentions(x.a, params) || mentions(x.b, params);
    case 'call':
      return mentions(x.f, params) || mentionsArgs(x.args, params);
    case 'cast':
      return mentions(x.t, params) || mentions(x.x, params);
    case 'member':
      return mentions(x.x, params);
    default:
      return false;
  }
}
const mentionsArgs = (args: readonly Node[], params: Set<string>) => args.some((a) => mentions(a, params));

/** An alias template's target with its parameters replaced by the argument nodes (packs spliced); undefined when it cannot be. */
function substituteNodes(target: Node, params: readonly TemplateParam[], args: readonly Node[]): Node | undefined {
  const map = new Map<string, Node[]>();
  params.forEach((p, i) => map.set(p.name, p.pack ? [...args.slice(i)] : args[i] ? [args[i]] : []));
  const sub = (x: Node): Node => {
    if (x.n !== 'name') return x;
    const n = simpleName(x);
    if (n && map.has(n)) {
      const r = map.get(n)!;
      if (r.length !== 1) throw new Error('pack');
      return r[0];
    }
    return { ...x, segs: x.segs.map((s): Seg => (s.args ? { name: s.name, args: subArgs(s.args) } : s)) };
  };
  const subArgs = (list: readonly Node[]): Node[] =>
    list.flatMap((a) => {
      if (a.n === 'pack') {
        const n = simpleName(a.x);
        if (n && map.has(n)) return map.get(n)!;
      }
      return [sub(a)];
    });
  try {
    return sub(target);
  } catch {
    return undefined;
  }
}
