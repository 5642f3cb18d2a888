// The template side of the language's API: a `.tla` file or a kernel's instantiation site
// evaluated with a Catlass include directory (the CLI's `--include DIR`, `--instance FILE:LINE`).
export { HeaderIndex } from './headerIndex';
export { headerNameUnder, includesOfText, indexIncludes, ReadFile } from './includes';
export { evaluateScratch, outcomeFields, ScratchResult, Outcome } from './scratch';
export { siteScratchText, instanceMembers, InstanceMember } from './instanceSite';
