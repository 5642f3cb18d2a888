// The code lens over an instantiated class template in a C++ header: which instantiation its
// values are read under ("as instantiated at demo_kernel.cpp:8 · 1 more"), and the command that
// offers the sites to choose from (client: tlaLayout.chooseInstantiation).
import type { CodeLens } from 'vscode-languageserver';
import { instanceLenses } from '../language';
import type { AnalysedDocument } from '../documents';
import { CHOOSE_INSTANTIATION_COMMAND, ChooseInstantiationArgs } from '../../../shared/protocol';

export function instantiationLenses(doc: AnalysedDocument): CodeLens[] {
  if (!doc.instanceGroups?.length) return [];
  return instanceLenses(doc.text, doc.instanceGroups).map((l, i) => {
    const start = doc.lines.position(l.at);
    const { used, pending } = doc.instanceGroups![i];
    const args: ChooseInstantiationArgs = { template: l.template, sites: [...l.sites], ...(used ? { used } : {}), ...(pending ? { pending } : {}) };
    return { range: { start, end: start }, command: { title: l.title, command: CHOOSE_INSTANTIATION_COMMAND, arguments: [args] } };
  });
}
