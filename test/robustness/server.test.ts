// Server resilience over stdio against the built dist/server.js: malformed JSON-RPC,
// unknown methods, documents never opened, positions past the end, cancellation,
// out-of-order versions, and a client that disappears. After every fault the server
// is alive and a normal hover answers correctly.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Message, RawServer, SERVER, frame, pidAlive, waitForPidGone } from './rawServer';

const URI = 'file:///robust.tla';
const TEXT = 'auto a = MakeShape(4, 8);\nauto l = MakeLayout(a, MakeStride(8, _1));\n';
const HOVER = { textDocument: { uri: URI }, position: { line: 0, character: 5 } };
const hoverValue = (m: Message) => (m.result && typeof m.result.contents === 'object' ? String(m.result.contents.value) : '');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A normal hover answers at once, with the value of `a`. */
async function hoverOk(s: RawServer, timeoutMs = 5000): Promise<void> {
  assert.ok(s.alive, 'the server is alive');
  const r = await s.request('textDocument/hover', HOVER, timeoutMs);
  assert.equal(r.error, undefined, JSON.stringify(r.error));
  assert.match(hoverValue(r), /`\(4,8\)` — tuple, rank 2, depth 1/);
}

/**
 * After a fault that may leave bytes in the server's reader (a wrong Content-Length),
 * hovers are sent until one answers (at most 3, 1 s apart); then a hover must
 * answer at once again.
 */
async function hoverEventually(s: RawServer): Promise<void> {
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const id = s.newId();
    ids.push(id);
    s.send({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: HOVER });
    try {
      await s.waitFor((m) => m.id !== undefined && ids.includes(m.id as number) && !!m.result, 1000, 'a hover answer');
      break;
    } catch {
      /* send another */
    }
  }
  assert.ok(
    s.messages.some((m) => ids.includes(m.id as number) && m.result),
    `none of hovers ${ids.join(', ')} was answered: the reader lost its place`,
  );
  await hoverOk(s);
}

async function started(): Promise<RawServer> {
  const s = new RawServer();
  try {
    await s.initialize();
    s.open(URI, TEXT);
    await hoverOk(s, 15_000); // the first analysis compiles the grammar
    return s;
  } catch (e) {
    await s.kill();
    throw e;
  }
}

// no test leaves a server behind, whatever fails
after(async () => RawServer.killAll());

describe('server: malformed JSON-RPC messages', () => {
  let s: RawServer;
  before(async () => {
    s = await started();
  });
  after(async () => s?.stop());

  test('a body that is not JSON is dropped; the next hover answers', async () => {
    s.writeRaw(frame('{"jsonrpc":"2.0","id":5,"method":'));
    await hoverOk(s);
    s.writeRaw(frame('\u0000\u0001garbage'));
    await hoverOk(s);
  });

  test('a body that is not a message object ([1,2,3], null, 42, "x") is dropped and logged', async () => {
    for (const body of ['[1,2,3]', 'null', '42', '"x"', '{}']) {
      s.writeRaw(frame(body));
      await hoverOk(s);
    }
  });

  test('a request without a method gets no answer and breaks nothing', async () => {
    const id = s.newId();
    s.send({ jsonrpc: '2.0', id, params: {} });
    await hoverOk(s);
    const answer = s.messages.find((m) => m.id === id);
    // JSON-RPC would answer InvalidRequest (-32600); vscode-jsonrpc logs it and answers nothing
    if (answer) assert.equal(answer.error?.code, -32600);
  });

  test('a request without params answers InvalidParams (-32602)', async () => {
    const r = await s.request('textDocument/hover', undefined, 2000);
    assert.equal(r.error?.code, -32602);
    await hoverOk(s);
  });

  test('a request without jsonrpc field is still answered', async () => {
    const id = s.newId();
    s.send({ id, method: 'textDocument/hover', params: HOVER });
    const r = await s.waitFor((m) => m.id === id, 2000);
    assert.match(hoverValue(r), /\(4,8\)/);
  });

  test('params of the wrong shape: an error answer (logged when internal), never a crash', async () => {
    for (const params of [
      { textDocument: { uri: URI } }, // no position
      { textDocument: 'x', position: 'y' },
      { textDocument: { uri: 42 }, position: { line: 'a', character: null } },
      // eslint-disable-next-line no-loss-of-precision -- 1e400 is Infinity on purpose
      { textDocument: { uri: URI }, position: { line: 0.5, character: 1e400 } },
    ]) {
      const before_ = s.messages.length;
      const r = await s.request('textDocument/hover', params, 2000);
      if (r.error) {
        assert.ok([-32602, -32603].includes(r.error.code), JSON.stringify(r.error));
        if (r.error.code === -32603) {
          // an internal error is logged (the output channel) and answered as an error
          const logged = s.messages.slice(before_).some((m) => m.method === 'window/logMessage' && /hover failed/.test(m.params?.message));
          assert.ok(logged, 'the internal error is logged');
        }
      }
      await hoverOk(s);
    }
  });

  test('invalid UTF-8 inside a body breaks nothing', async () => {
    const body = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"foo/x","params":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]);
    s.writeRaw(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
    await hoverOk(s);
  });

  test('after all of it the server is still the same process', () => {
    assert.ok(s.alive);
    assert.doesNotMatch(s.stderr, /Uncaught|FATAL|RangeError/);
  });
});

describe('server: frames with a wrong or missing Content-Length (a fresh server each)', { concurrency: true }, () => {
  // The base protocol has no way back to a frame boundary but the next "Content-Length:"
  // header. A reader that looks for it finds its place at once when a frame was cut
  // short or its header is broken; when a frame claims more bytes than it has, the
  // start of the next frame is eaten, so only the one after must answer.
  const hoverFrame = () => frame({ jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: HOVER });
  const cases: [string, () => Buffer | string, 'next' | 'eventually'][] = [
    ['a header block without Content-Length', () => 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n', 'next'],
    ['a header line without a colon', () => 'garbage without a colon\r\n\r\n', 'next'],
    ['a Content-Length that is not a number', () => 'Content-Length: abc\r\n\r\n{}', 'next'],
    ['a negative Content-Length', () => 'Content-Length: -5\r\n\r\n{}', 'next'],
    [
      'a Content-Length smaller than the body',
      () => {
        const f = hoverFrame();
        const body = f.subarray(f.indexOf('\r\n\r\n') + 4);
        return frame(body.toString(), body.length - 10);
      },
      'next',
    ],
    [
      'a Content-Length larger than the body',
      () => {
        const b = JSON.stringify({ jsonrpc: '2.0', method: 'foo/bar' });
        return frame(b, Buffer.byteLength(b) + 5);
      },
      'eventually',
    ],
  ];
  for (const [name, bytes, expect] of cases) {
    test(`${name}: ${expect === 'next' ? 'the next hover answers' : 'a hover answers again'}`, async () => {
      const s = await started();
      try {
        if (expect === 'next') {
          // the fault and the hover after it in one chunk, as a busy client's writes arrive
          const id = s.newId();
          s.writeRaw(Buffer.concat([Buffer.from(bytes()), frame({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: HOVER })]));
          const r = await s.waitFor((m) => m.id === id, 2000, 'answer to the hover after the fault');
          assert.match(hoverValue(r), /`\(4,8\)`/);
          await hoverOk(s, 3000);
        } else {
          s.writeRaw(bytes());
          await hoverEventually(s);
        }
        assert.ok(s.alive);
      } finally {
        await s.kill();
      }
    });
  }
});

describe('server: unknown methods, unopened documents, positions past the end', () => {
  let s: RawServer;
  before(async () => {
    s = await started();
  });
  after(async () => s?.stop());

  test('an unknown request answers MethodNotFound (-32601)', async () => {
    for (const method of ['foo/bar', 'textDocument/unknownFeature', '$/unknownRequest']) {
      const r = await s.request(method, {}, 2000);
      assert.equal(r.error?.code, -32601, `${method}: ${JSON.stringify(r)}`);
    }
    await hoverOk(s);
  });

  test('an unknown notification is ignored: no answer, nothing logged as an error', async () => {
    const n = s.messages.length;
    s.notify('foo/baz', { x: 1 });
    s.notify('$/unknownNotification', {});
    s.notify('textDocument/unknownNotification');
    await hoverOk(s);
    const after_ = s.messages.slice(n).filter((m) => m.method === 'window/logMessage' && m.params?.type === 1);
    assert.deepEqual(after_, []);
  });

  test('every request about a document never opened answers its empty value', async () => {
    const doc = { textDocument: { uri: 'file:///never-opened.tla' } };
    const p = { line: 0, character: 0 };
    const range = { start: p, end: { line: 10, character: 0 } };
    const cases: [string, object, unknown][] = [
      ['textDocument/hover', { ...doc, position: p }, null],
      ['textDocument/completion', { ...doc, position: p }, []],
      ['textDocument/signatureHelp', { ...doc, position: p }, null],
      ['textDocument/documentSymbol', doc, []],
      ['textDocument/definition', { ...doc, position: p }, null],
      ['textDocument/references', { ...doc, position: p, context: { includeDeclaration: true } }, []],
      ['textDocument/documentHighlight', { ...doc, position: p }, []],
      ['textDocument/prepareRename', { ...doc, position: p }, null],
      ['textDocument/rename', { ...doc, position: p, newName: 'b' }, null],
      ['textDocument/semanticTokens/full', doc, { data: [] }],
      ['textDocument/foldingRange', doc, []],
      ['textDocument/formatting', { ...doc, options: { tabSize: 2, insertSpaces: true } }, []],
      ['textDocument/rangeFormatting', { ...doc, range, options: { tabSize: 2, insertSpaces: true } }, []],
      ['textDocument/codeAction', { ...doc, range, context: { diagnostics: [] } }, []],
      ['textDocument/inlayHint', { ...doc, range }, []],
      ['textDocument/diagnostic', doc, { kind: 'full', items: [] }],
    ];
    for (const [method, params, empty] of cases) {
      const r = await s.request(method, params, 2000);
      assert.equal(r.error, undefined, `${method}: ${JSON.stringify(r.error)}`);
      // completion may answer an empty CompletionList instead of an empty array
      const result = method === 'textDocument/completion' && r.result && !Array.isArray(r.result) ? r.result.items : r.result;
      assert.deepEqual(result, empty, method);
    }
    await hoverOk(s);
  });

  test('positions past the end (and negative ones) answer without an error', async () => {
    const positions = [
      { line: 0, character: 10_000 },
      { line: 999, character: 0 },
      { line: 2 ** 31 - 1, character: 2 ** 31 - 1 },
      { line: -1, character: -5 },
    ];
    for (const position of positions) {
      for (const [method, extra] of [
        ['textDocument/hover', {}],
        ['textDocument/completion', {}],
        ['textDocument/signatureHelp', {}],
        ['textDocument/definition', {}],
        ['textDocument/references', { context: { includeDeclaration: true } }],
        ['textDocument/documentHighlight', {}],
        ['textDocument/prepareRename', {}],
      ] as const) {
        const r = await s.request(method, { textDocument: { uri: URI }, position, ...extra }, 2000);
        assert.equal(r.error, undefined, `${method} at ${JSON.stringify(position)}: ${JSON.stringify(r.error)}`);
      }
      const range = { start: { line: 0, character: 0 }, end: position };
      for (const [method, extra] of [
        ['textDocument/inlayHint', { range }],
        ['textDocument/inlayHint', { range: { start: position, end: { line: 0, character: 0 } } }],
        ['textDocument/rangeFormatting', { range, options: { tabSize: 2, insertSpaces: true } }],
        ['textDocument/codeAction', { range, context: { diagnostics: [] } }],
      ] as const) {
        const r = await s.request(method, { textDocument: { uri: URI }, ...extra }, 2000);
        assert.equal(r.error, undefined, `${method} to ${JSON.stringify(position)}: ${JSON.stringify(r.error)}`);
      }
    }
    await hoverOk(s);
  });
});

describe('server: cancellation', () => {
  let s: RawServer;
  before(async () => {
    s = await started();
  });
  after(async () => s?.stop());

  test('a request cancelled before it runs answers RequestCancelled (-32800) or its result', async () => {
    for (const method of ['textDocument/hover', 'textDocument/semanticTokens/full', 'textDocument/documentSymbol']) {
      const id = s.newId();
      // the request and its cancellation arrive in one chunk
      s.writeRaw(
        Buffer.concat([frame({ jsonrpc: '2.0', id, method, params: HOVER }), frame({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } })]),
      );
      const r = await s.waitFor((m) => m.id === id, 2000, `an answer to the cancelled ${method}`);
      if (r.error) assert.equal(r.error.code, -32800, JSON.stringify(r.error));
      else assert.ok('result' in r);
    }
    await hoverOk(s);
  });

  test('a request cancelled while the server analyses a slow document answers, never hangs', async (t) => {
    const slow = 'file:///slow.tla';
    const lines = Array.from(
      { length: 600 },
      (_, i) => `auto v${i} = GetTileLayout(MakeLayout<half, zN>(${100 + i}, 100), MakeShape(32, 48), MakeCoord(${i % 64}, 48));`,
    );
    s.open(slow, lines.join('\n'));
    const id = s.newId();
    const t0 = Date.now();
    s.send({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri: slow }, position: { line: 599, character: 6 } } });
    await sleep(50);
    s.notify('$/cancelRequest', { id });
    const r = await s.waitFor((m) => m.id === id, 30_000, 'an answer to the cancelled hover');
    if (r.error) assert.equal(r.error.code, -32800, JSON.stringify(r.error));
    else assert.ok('result' in r);
    // the analysis is synchronous: the cancellation is seen when it ends, after this many ms
    t.diagnostic(`answered ${Date.now() - t0} ms after the request (${r.error ? 'cancelled' : 'with its result'})`);
    await hoverOk(s);
  });

  test('cancelling an unknown or finished request is ignored', async () => {
    s.notify('$/cancelRequest', { id: 987_654 });
    s.notify('$/cancelRequest', { id: 'no-such-request' });
    s.notify('$/cancelRequest', {});
    await hoverOk(s);
  });
});

describe('server: document sync out of order', () => {
  let s: RawServer;
  before(async () => {
    s = await started();
  });
  after(async () => s?.stop());

  const hoverOn = async (uri: string, line = 0, character = 5) =>
    hoverValue(await s.request('textDocument/hover', { textDocument: { uri }, position: { line, character } }, 2000));

  test('a change with an older version than the document is ignored', async () => {
    const uri = 'file:///versions.tla';
    s.open(uri, 'auto v = MakeShape(1, 1);', 1);
    s.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text: 'auto v = MakeShape(3, 3);' }] });
    // a stale change (version 2 after version 3), as a reordering client would send it
    s.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'auto v = MakeShape(2, 2);' }] });
    // today: applied in arrival order, the document goes back to version 2 and to (2,2)
    assert.match(await hoverOn(uri), /`\(3,3\)`/);
    await hoverOk(s);
  });

  test('a change repeating the current version is ignored', async () => {
    const uri = 'file:///same-version.tla';
    s.open(uri, 'auto v = MakeShape(1, 1);', 1);
    s.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'auto v = MakeShape(2, 2);' }] });
    s.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 19 }, end: { line: 0, character: 20 } }, text: '9' }],
    });
    assert.match(await hoverOn(uri), /`\(2,2\)`/);
  });

  test('changes to a document never opened, a second open, a close of an unknown document: no crash', async () => {
    s.notify('textDocument/didChange', { textDocument: { uri: 'file:///ghost.tla', version: 2 }, contentChanges: [{ text: 'auto g = 1;' }] });
    assert.equal(await hoverOn('file:///ghost.tla'), '');
    s.notify('textDocument/didClose', { textDocument: { uri: 'file:///ghost.tla' } });
    const twice = 'file:///twice.tla';
    s.open(twice, 'auto t = MakeShape(1, 1);');
    s.open(twice, 'auto t = MakeShape(5, 5);');
    assert.match(await hoverOn(twice), /`\((1,1|5,5)\)`/);
    s.notify('textDocument/didClose', { textDocument: { uri: twice } });
    assert.equal(await hoverOn(twice), '');
    await hoverOk(s);
  });

  test('an incremental change with a range past the end is clamped, as the document model does', async () => {
    const uri = 'file:///clamp.tla';
    s.open(uri, 'auto c = MakeShape(1, 1);', 1);
    s.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 5, character: 0 }, end: { line: 9, character: 99 } }, text: '\nauto d = MakeShape(7, 7);' }],
    });
    assert.match(await hoverOn(uri, 1, 5), /`\(7,7\)`/);
    await hoverOk(s);
  });
});

describe('server: a client that disappears', { concurrency: true }, () => {
  test('stdin closed: the server exits within 5 s', async () => {
    const s = new RawServer();
    await s.initialize();
    const pid = s.process.pid!;
    s.process.stdin!.end();
    assert.ok(await waitForPidGone(pid, 5000), `server ${pid} still running 5 s after its stdin closed`);
  });

  test('shutdown then exit: code 0; exit without shutdown: code 1', async () => {
    const a = new RawServer();
    await a.initialize();
    await a.request('shutdown');
    a.notify('exit');
    assert.deepEqual(await a.exited, { code: 0, signal: null });
    const b = new RawServer();
    await b.initialize();
    b.notify('exit');
    assert.deepEqual(await b.exited, { code: 1, signal: null });
  });

  test('the client process named in initialize dies: the server exits within 6 s', async () => {
    // the server watches processId; its own pipes stay open here, so only the watch can tell
    const parent = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const s = new RawServer();
    try {
      await s.initialize(parent.pid!);
      s.open(URI, TEXT);
      await hoverOk(s);
      parent.kill('SIGKILL');
      const gone = await Promise.race([s.exited.then(() => true), sleep(6000).then(() => false)]);
      assert.ok(gone, 'the server outlived the client process it was told to watch');
    } finally {
      parent.kill('SIGKILL');
      if (s.alive) s.process.kill('SIGKILL');
    }
  });

  test('the parent that spawned the server is killed: no orphan within 6 s', async () => {
    // a parent (an editor) that starts the server over pipes and then dies without a word
    const script = `
      const { spawn } = require('node:child_process');
      const c = spawn(process.execPath, [${JSON.stringify(SERVER)}, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {} } });
      c.stdin.write('Content-Length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
      c.stdout.once('data', () => process.stdout.write(String(c.pid) + '\\n'));
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const serverPid = await new Promise<number>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('the parent did not start the server')), 10_000);
      parent.stdout!.once('data', (d) => (clearTimeout(t), resolve(Number(String(d).trim()))));
    });
    try {
      assert.ok(pidAlive(serverPid));
      parent.kill('SIGKILL');
      assert.ok(await waitForPidGone(serverPid, 6000), `server ${serverPid} is an orphan: still running 6 s after its parent was killed`);
    } finally {
      if (pidAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
  });
});
