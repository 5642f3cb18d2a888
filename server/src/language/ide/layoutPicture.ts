// A Layout → its Picture (shared/picture.ts: the data model and its arithmetic, which the
// webview, the renderers and the tests share).
import * as core from '../../core';
import { IntTuple, Layout } from '../../core';
import { MAX_MODE_EXTENT, PictureMode, PictureResult, PictureTile } from '../../../../shared/picture';

export * from '../../../../shared/picture';

const num = (v: bigint) => Number(v);

function modeLeaves(shape: IntTuple, stride: IntTuple): { extent: number; stride: number }[] {
  const sh = core.leaves(shape);
  const st = core.leaves(stride);
  return sh.map((s, i) => ({ extent: num(core.concreteValue(s)), stride: num(st[i] ? core.concreteValue(st[i]) : 0n) }));
}

export function buildPicture(l: Layout, tiles: PictureTile[] = []): PictureResult {
  if (core.isSymbolic(l))
    return { ok: false, reason: 'its sizes are known only at run time; open it in a layout scratchpad with values to see a picture' };
  const shapeModes = l.shape.kind === 'tuple' ? l.shape.items : [l.shape];
  const strideModes = l.stride.kind === 'tuple' ? l.stride.items : [l.stride];
  const originModes = l.originShape.kind === 'tuple' ? l.originShape.items : [l.originShape];
  const cosize = core.cosize(l);
  if (cosize > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: `cosize ${cosize} is beyond what can be drawn exactly` };
  const modes: PictureMode[] = [];
  for (let m = 0; m < shapeModes.length; m++) {
    const extent = core.concreteValue(core.arith.product(shapeModes[m]));
    if (extent > BigInt(MAX_MODE_EXTENT)) {
      return { ok: false, reason: `mode ${m} has ${extent} indices; at most ${MAX_MODE_EXTENT} per mode are drawn` };
    }
    if (extent < 0n) return { ok: false, reason: `mode ${m} has a negative extent` };
    const leaves = modeLeaves(shapeModes[m], strideModes[m] ?? core.int(0));
    const blocks: number[] = [];
    let acc = 1;
    for (let i = 0; i < leaves.length - 1; i++) {
      acc *= leaves[i].extent;
      if (acc > 1 && acc < Number(extent)) blocks.push(acc);
    }
    const o = originModes[m];
    const origin = o && o.kind === 'int' ? Math.max(0, Math.min(Number(extent), num(core.concreteValue(o)))) : Number(extent);
    modes.push({ extent: Number(extent), origin, leaves, blocks });
  }
  return {
    ok: true,
    picture: {
      text: core.printLayout(l),
      rank: modes.length,
      size: modes.reduce((a, m) => a * m.extent, 1),
      cosize: Number(cosize),
      modes,
      tiles,
    },
  };
}
