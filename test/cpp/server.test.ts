// Issue 13 through the real server (dist/server.js over stdio), each failure reproduced
// as the campaign found it, from a fresh server: answers that arrive, bounded hovers,
// bounded resident memory, a document replaced by a second didOpen.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { MAX_HOVER_CHARS } from '../../server/src/core/limits';
import { Message, RawServer } from '../robustness/rawServer';
import { INCLUDE, OK_LINE, OK_VALUE, syntheticHeader } from './cppTestKit';

after(() => RawServer.killAll());

const hoverValue = (m: Message) => (m.result && typeof m.result.contents === 'object' ? String(m.result.contents.value) : '');

async function server(): Promise<RawServer> {
  const s = new RawServer();
  await s.initialize();
  return s;
}

function openCpp(s: RawServer, uri: string, text: string, version = 1): void {
  s.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version, text } });
}

const published = (s: RawServer, uri: string, timeoutMs = 60_000, pred: (m: Message) => boolean = () => true) =>
  s.waitFor((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri && pred(m), timeoutMs, `diagnostics of ${uri}`);

/** Position (line, character) of the first occurrence of needle, plus delta characters. */
function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const at = text.indexOf(needle) + delta;
  const before = text.slice(0, at).split(/\r\n|\r|\n/);
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** Resident memory of a process in MB (Linux), or undefined elsewhere. */
function rssMb(pid: number): number | undefined {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return undefined;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'));
  return m ? Number(m[1]) / 1024 : undefined;
}

async function hoverOnOk(s: RawServer, uri: string, text: string, timeoutMs = 60_000): Promise<string> {
  const r = await s.request(
    'textDocument/hover',
    { textDocument: { uri }, position: positionOf(text, 'ok = tla::MakeLayout', 'ok = tla::M'.length) },
    timeoutMs,
  );
  assert.equal(r.error, undefined, JSON.stringify(r.error));
  return hoverValue(r);
}

describe('issue 13 through the server', { concurrency: 1 }, () => {
  test('13.1: deep expressions get limit-exceeded; diagnostics are published; the normal line keeps hover and hint', async () => {
    const s = await server();
    try {
      const deep = [
        `auto s = tla::MakeShape(${'('.repeat(300)}`,
        `auto s = tla::MakeShape(${'('.repeat(2000)}1${')'.repeat(2000)}, 2);`,
        `auto s = tla::MakeShape(${'-'.repeat(10_000)}1, 2);`,
        `auto s = ${'tla::MakeShape('.repeat(1000)}1${')'.repeat(1000)};`,
        `auto s = tla::MakeShape(${Array(5000).fill('1').join(' + ')}, 2);`,
      ];
      for (let i = 0; i < deep.length; i++) {
        const uri = `file:///deep${i}.cpp`;
        const text = `${INCLUDE}${OK_LINE}\n${deep[i]}\n`;
        openCpp(s, uri, text);
        const d = await published(s, uri);
        const codes = (d.params.diagnostics as { code: string; range: { start: { line: number } } }[]).map((x) => [x.code, x.range.start.line]);
        if (i < 4) assert.deepEqual(codes, [['limit-exceeded', 2]], `input ${i}`);
        else assert.ok(codes.length === 0 || JSON.stringify(codes) === JSON.stringify([['limit-exceeded', 2]]), JSON.stringify(codes));
        assert.ok((await hoverOnOk(s, uri, text)).includes(OK_VALUE));
        const hints = await s.request('textDocument/inlayHint', {
          textDocument: { uri },
          range: { start: { line: 0, character: 0 }, end: { line: 4, character: 0 } },
        });
        assert.equal(hints.error, undefined, JSON.stringify(hints.error));
        assert.deepEqual(
          (hints.result as { label: string; position: { line: number } }[]).filter((h) => h.position.line === 1).map((h) => h.label),
          [`▸ ${OK_VALUE}`],
        );
        // a hover on the deep line answers (a value or nothing), never an error
        const h = await s.request('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 30 } });
        assert.equal(h.error, undefined, JSON.stringify(h.error));
      }
    } finally {
      await s.stop();
    }
  });

  test('13.2: thirteen squarings and an 18-sum product: bounded hovers, another file answers meanwhile, bounded memory', async () => {
    const s = await server();
    try {
      const small = 'file:///small.cpp';
      const smallText = `${INCLUDE}${OK_LINE}\n`;
      openCpp(s, small, smallText);
      await published(s, small);
      const rss0 = rssMb(s.process.pid!);
      const lines = [INCLUDE, 'constexpr uint32_t A0 = m;'];
      for (let i = 1; i <= 13; i++) lines.push(`constexpr uint32_t A${i} = (A${i - 1} + 1) * (A${i - 1} + 1);`);
      lines.push('auto s = tla::MakeShape(A13, 2);', '');
      const big = 'file:///squarings.cpp';
      const bigText = lines.join('\n');
      openCpp(s, big, bigText);
      // a hover of the other file answers, and the big one's diagnostics are published
      assert.ok((await hoverOnOk(s, small, smallText, 20_000)).includes(OK_VALUE));
      await published(s, big, 20_000);
      const h = hoverValue(
        await s.request('textDocument/hover', { textDocument: { uri: big }, position: positionOf(bigText, 'MakeShape(A13', 2) }, 20_000),
      );
      assert.ok(h.length <= MAX_HOVER_CHARS && h.includes('‹…#') && h.includes('not expanded'), `hover of ${h.length} characters`);

      const prod = Array.from({ length: 18 }, (_, i) => `(a${i} + b${i})`).join(' * ');
      const p = 'file:///product.cpp';
      const pText = `${INCLUDE}auto s = tla::MakeShape(${prod}, 2);\n`;
      openCpp(s, p, pText);
      await published(s, p, 20_000);
      const hp = hoverValue(
        await s.request('textDocument/hover', { textDocument: { uri: p }, position: positionOf(pText, 'MakeShape(', 2) }, 20_000),
      );
      assert.ok(hp.length <= MAX_HOVER_CHARS && hp.includes('‹…#'), `hover of ${hp.length} characters`);
      const rss1 = rssMb(s.process.pid!);
      // before: 631 MB of resident memory for the product alone
      if (rss0 !== undefined && rss1 !== undefined) assert.ok(rss1 - rss0 < 100, `resident memory grew ${Math.round(rss1 - rss0)} MB`);
    } finally {
      await s.stop();
    }
  });

  test('13.2/budget: while a 6 MB C++ file is analysed, a hover on another file is answered first', async () => {
    const s = await server();
    try {
      const small = 'file:///small.cpp';
      const smallText = `${INCLUDE}${OK_LINE}\n`;
      openCpp(s, small, smallText);
      await published(s, small);
      const big = 'file:///big.cpp';
      openCpp(s, big, syntheticHeader(6_000_000));
      const bigDiagnostics = published(s, big, 120_000);
      // an editor asks for the big file's hints at once: that starts its analysis
      const bigHints = s.request(
        'textDocument/inlayHint',
        { textDocument: { uri: big }, range: { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } } },
        120_000,
      );
      const hover = s.request(
        'textDocument/hover',
        { textDocument: { uri: small }, position: positionOf(smallText, 'ok = tla::MakeLayout', 'ok = tla::M'.length) },
        120_000,
      );
      const first = await Promise.race([hover.then(() => 'hover'), bigDiagnostics.then(() => 'the big file')]);
      assert.equal(first, 'hover', 'the hover of the small file waits for the whole analysis of the big one');
      assert.ok(hoverValue(await hover).includes(OK_VALUE));
      assert.equal((await bigHints).error, undefined);
      const d = await bigDiagnostics;
      // the big file was analysed to the end: no paused analysis left in what is published
      assert.deepEqual(d.params.diagnostics, []);
    } finally {
      await s.stop();
    }
  });

  test('the same budget in .tla: while a 5 MB .tla file is analysed, a hover on another file is answered first', async () => {
    const s = await server();
    try {
      const small = 'file:///small.tla';
      const smallText = 'auto ok = MakeLayout(MakeShape(4, 8), MakeStride(8, 1));\n';
      s.open(small, smallText);
      await published(s, small);
      const lines: string[] = [];
      for (let i = 0, size = 0; size < 5 * 1024 * 1024; i++) {
        const l = `auto v${i} = MakeLayout(MakeShape(${(i % 97) + 1}, 8), MakeStride(8, _1));`;
        lines.push(l);
        size += l.length + 1;
      }
      const big = 'file:///big.tla';
      s.open(big, lines.join('\n') + '\n');
      const bigDiagnostics = published(s, big, 120_000);
      const bigHints = s.request(
        'textDocument/inlayHint',
        { textDocument: { uri: big }, range: { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } } },
        120_000,
      );
      const hover = s.request('textDocument/hover', { textDocument: { uri: small }, position: { line: 0, character: 5 } }, 120_000);
      const first = await Promise.race([hover.then(() => 'hover'), bigDiagnostics.then(() => 'the big file')]);
      assert.equal(first, 'hover', 'the hover of the small file waits for the whole analysis of the big one');
      assert.ok(hoverValue(await hover).includes(OK_VALUE));
      assert.equal((await bigHints).error, undefined);
      assert.deepEqual((await bigDiagnostics).params.diagnostics, []);
    } finally {
      await s.stop();
    }
  });

  test('13.3: 500 keystrokes inside a call left open at the top of a 250 KB header: memory bounded, and released by didClose', async () => {
    const s = await server();
    try {
      const uri = 'file:///header.hpp';
      const header = syntheticHeader(250_000);
      const at = header.indexOf('namespace');
      const prefix = 'auto t = tla::MakeShape(tla::MakeShape(';
      const text = header.slice(0, at) + prefix + header.slice(at);
      openCpp(s, uri, text);
      await published(s, uri);
      const rss0 = rssMb(s.process.pid!);
      let p = positionOf(text, prefix, prefix.length);
      const typed = 'x, 1, 2, MakeShape(k';
      for (let i = 0; i < 500; i++) {
        const ch = typed[i % typed.length];
        s.notify('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [{ range: { start: p, end: p }, text: ch }] });
        p = { line: p.line, character: p.character + 1 };
        // hints are asked for as an editor does while typing: every keystroke is analysed
        const r = await s.request(
          'textDocument/inlayHint',
          { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 50, character: 0 } } },
          30_000,
        );
        assert.equal(r.error, undefined);
      }
      const rss1 = rssMb(s.process.pid!);
      // before: 83 → 433 MB after 500 keystrokes
      if (rss0 !== undefined && rss1 !== undefined)
        assert.ok(rss1 - rss0 < 150, `resident memory grew ${Math.round(rss1 - rss0)} MB over 500 keystrokes`);
      s.notify('textDocument/didClose', { textDocument: { uri } });
      await published(s, uri, 10_000, (m) => m.params.diagnostics.length === 0 && m.params.version === undefined);
      const r = await s.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
      assert.equal(r.result, null);
      const rss2 = rssMb(s.process.pid!);
      if (rss0 !== undefined && rss2 !== undefined)
        assert.ok(rss2 - rss0 < 60, `after didClose, resident memory is ${Math.round(rss2 - rss0)} MB above what it was`);
    } finally {
      await s.stop();
    }
  });

  test('13.4: Open in Layout Scratchpad at the end of a 3,255-alias chain answers the chain', async () => {
    const s = await server();
    try {
      const lines = [INCLUDE, 'using X0 = tla::Layout<tla::Shape<_4, _8>, tla::Stride<_8, _1>>;'];
      for (let i = 1; i < 3255; i++) lines.push(`using X${i} = X${i - 1};`);
      lines.push('auto l = X3254{};', '');
      const text = lines.join('\n');
      const uri = 'file:///aliases.cpp';
      openCpp(s, uri, text);
      await published(s, uri);
      const r = await s.request('tlaLayout/scratchpad', { textDocument: { uri }, position: positionOf(text, 'X3254{}', 1) }, 20_000);
      assert.equal(r.error, undefined, JSON.stringify(r.error));
      // types stay types in the scratchpad: `using X1 = X0;`
      assert.equal((r.result.text as string).split('\n').filter((l) => /^using X\d+ = /.test(l)).length, 3255);
    } finally {
      await s.stop();
    }
  });

  test('13.5: a second didOpen of an open URI under the same version replaces the document (C++ and .tla)', async () => {
    const s = await server();
    try {
      const uri = 'file:///reopen.cpp';
      openCpp(s, uri, `${INCLUDE}${OK_LINE}\n`);
      await published(s, uri);
      const range = { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } };
      const before = await s.request('textDocument/inlayHint', { textDocument: { uri }, range });
      assert.equal((before.result as unknown[]).length, 1);
      openCpp(s, uri, '\n');
      const afterHints = await s.request('textDocument/inlayHint', { textDocument: { uri }, range });
      assert.deepEqual(afterHints.result, []); // before: the first text's hint, at line 1, character 69 of an empty line

      const tla = 'file:///reopen.tla';
      s.open(tla, 'auto x = foo(1);\n');
      await published(s, tla, 20_000, (m) => m.params.diagnostics.length === 1);
      s.open(tla, 'auto y = 1;\n');
      const h = await s.request('textDocument/hover', { textDocument: { uri: tla }, position: { line: 0, character: 5 } });
      assert.match(hoverValue(h), /\*\*y\*\*/);
      await published(s, tla, 20_000, (m) => m.params.diagnostics.length === 0);
    } finally {
      await s.stop();
    }
  });
});
