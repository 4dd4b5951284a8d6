/**
 * The cost centre of a call, meter or item that named none (no cost centre code
 * can be it). A module of its own so that the HTTP chain, which meters every
 * call, does not load the usage rollup's schemas to name it.
 */
export const noCostCentre = '-';
