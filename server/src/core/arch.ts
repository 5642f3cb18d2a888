// Element types and their bits, per Ascend architecture (CATLASS_ARCH): 2201 is Atlas A2,
// 3510 is Ascend 950, where the fp4 types exist and count 4 bits (catlass/numeric_size.hpp).

export type Arch = 2201 | 3510;
export const DEFAULT_ARCH: Arch = 2201;
export const ARCHS: readonly Arch[] = [2201, 3510];

/** Bits of each element type at every arch; int4b_t follows the device rule (4 bits). */
const COMMON_BITS: Readonly<Record<string, number>> = {
  half: 16,
  bfloat16_t: 16,
  float: 32,
  int8_t: 8,
  uint8_t: 8,
  int16_t: 16,
  uint16_t: 16,
  int32_t: 32,
  uint32_t: 32,
  int64_t: 64,
  int4b_t: 4,
  float8_e4m3_t: 8,
  float8_e5m2_t: 8,
  float8_e8m0_t: 8,
  hifloat8_t: 8,
};

/** Element types that exist only on Ascend 950 (CATLASS_ARCH == 3510). */
export const ARCH_3510_BITS: Readonly<Record<string, number>> = {
  float4_e2m1x2_t: 4,
  float4_e1m2x2_t: 4,
};

/** Every element type the language knows, with its bits at the arch where it exists. */
export const ELEMENT_BITS: Readonly<Record<string, number>> = { ...COMMON_BITS, ...ARCH_3510_BITS };

/** Bits of an element at an arch, or undefined when the type does not exist there. */
export function elementBitsAt(element: string, arch: Arch): number | undefined {
  if (element in COMMON_BITS) return COMMON_BITS[element];
  if (arch === 3510 && element in ARCH_3510_BITS) return ARCH_3510_BITS[element];
  return undefined;
}

export const isFp4 = (element: string) => element in ARCH_3510_BITS;
