// The --stdio writer's bytes of the messages that carry diagnostics are the UTF-8 of
// JSON.stringify's text, byte for byte, with every diagnostic copied from its cached bytes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { messageBytes } from '../../server/src/diagnosticsJson';

const position = fc.record({ line: fc.nat({ max: 10_000 }), character: fc.nat({ max: 500 }) });
const range = fc.record({ start: position, end: position });
const diagnostic = fc.record(
  {
    range,
    severity: fc.constantFrom(1, 2, 3, 4),
    code: fc.constantFrom('unknown-name', 'rank-mismatch', 'syntax-error'),
    source: fc.constant('tla-layout'),
    message: fc.string({ unit: 'grapheme' }),
    relatedInformation: fc.option(fc.array(fc.record({ location: fc.record({ uri: fc.webUrl(), range }), message: fc.string() }), { maxLength: 2 }), {
      nil: undefined,
    }),
    data: fc.option(fc.record({ insert: fc.string() }), { nil: undefined }),
  },
  { requiredKeys: ['range', 'severity', 'code', 'source', 'message'] },
);

test('a publishDiagnostics notification and a pulled full report: the text of JSON.stringify, sent twice', () => {
  fc.assert(
    fc.property(fc.array(diagnostic, { maxLength: 20 }), fc.webUrl(), fc.option(fc.nat(), { nil: undefined }), (list, uri, version) => {
      const publish = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version, diagnostics: list } };
      const report = { jsonrpc: '2.0', id: 7, result: { kind: 'full', resultId: '3', items: list } };
      // twice: the second time every diagnostic comes from the cache
      for (let i = 0; i < 2; i++) {
        assert.deepEqual(messageBytes(publish), Buffer.from(JSON.stringify(publish), 'utf8'));
        assert.deepEqual(messageBytes(report), Buffer.from(JSON.stringify(report), 'utf8'));
      }
    }),
    { numRuns: 200 },
  );
});

test('other messages are the UTF-8 of JSON.stringify of themselves', () => {
  const hover = { jsonrpc: '2.0', id: 1, result: { contents: { kind: 'markdown', value: '**offset 37**' } } };
  const unchanged = { jsonrpc: '2.0', id: 2, result: { kind: 'unchanged', resultId: '3' } };
  for (const m of [hover, unchanged]) assert.deepEqual(messageBytes(m), Buffer.from(JSON.stringify(m), 'utf8'));
});
