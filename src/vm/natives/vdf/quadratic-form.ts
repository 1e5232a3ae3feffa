// Binary quadratic forms (a, b, c) of a negative discriminant b² − 4ac, the elements of fastcrypto's
// class group. Composition and doubling are NUCOMP and NUDUPL (Jacobson & van der Poorten,
// "Computational aspects of NUCOMP", algorithms 1 and 2) step for step as fastcrypto runs them,
// followed by its reduction: forms Move code hands in need not be reduced or even positive
// definite, and then the result depends on these exact steps, not only on the classes.
import { abs, extendedGcd, floorDiv, floorMod } from './integers.js';

export interface QuadraticForm {
  readonly a: bigint;
  readonly b: bigint;
  readonly c: bigint;
}

export const discriminantOf = (f: QuadraticForm): bigint => f.b * f.b - 4n * f.a * f.c;

/** The form (a, b, (b² − Δ)/4a), if a > 0 and the division is exact. */
export function formFromAB(a: bigint, b: bigint, discriminant: bigint): QuadraticForm | undefined {
  const numerator = b * b - discriminant;
  if (a <= 0n || numerator % (4n * a) !== 0n) return undefined;
  return { a, b, c: numerator / (4n * a) };
}

export const identityForm = (discriminant: bigint): QuadraticForm => ({
  a: 1n,
  b: 1n,
  c: (1n - discriminant) / 4n,
});

export const sameForm = (f: QuadraticForm, g: QuadraticForm): boolean =>
  f.a === g.a && f.b === g.b && f.c === g.c;

/** (x + 1) >> 1 with flooring shift. */
const halfUp = (x: bigint): bigint => (x + 1n) >> 1n;

/** The reduced form of f's class when f is positive definite (chiavdf's classgroups.pdf, §5). */
export function reduce(f: QuadraticForm): QuadraticForm {
  let { a, b, c } = f;
  const normal = abs(b) < abs(a) || (abs(b) === abs(a) && b >= 0n);
  if (!normal) {
    const r = -halfUp(floorDiv(b, a));
    b += r * a;
    c += b * r;
    b += r * a;
  }
  while (a > c || (a === c && b < 0n)) {
    const s = halfUp(floorDiv(b, c));
    // ρ: (a, b, c) → (c, −b + 2cs, …); after the swap `a` holds the old c.
    [a, c] = [c, a];
    b = a * s - b;
    c += b * s;
    b += a * s;
  }
  return { a, b, c };
}

interface PartialEuclid {
  bx: bigint;
  x: bigint;
  by: bigint;
  y: bigint;
  iterated: boolean;
}

/** Euclid on (bx, by) until |by| ≤ limit, tracking one pair of cofactors (NUCOMP step 5). */
function partialEuclid(bx: bigint, by: bigint, limit: bigint): PartialEuclid {
  let [x, y] = [1n, 0n];
  let steps = 0;
  while (abs(by) > limit && bx !== 0n) {
    const q = by / bx;
    [bx, by] = [by - q * bx, bx];
    [x, y] = [y - q * x, x];
    steps++;
  }
  const odd = steps % 2 === 1;
  return { bx, x, by: odd ? -by : by, y: odd ? -y : y, iterated: steps > 0 };
}

/** The group operation and doubling with NUCOMP's early-stop bound |Δ|^(1/4). */
export class FormArithmetic {
  constructor(private readonly limit: bigint) {}

  compose(first: QuadraticForm, second: QuadraticForm): QuadraticForm {
    // Step 1: the form with the larger c goes first.
    const [f, g] = first.c < second.c ? [second, first] : [first, second];
    const s = (f.b + g.b) >> 1n;
    const m = g.b - s;

    // Step 2: F = gcd(a2, a1) = b·a2 + c·a1.
    const outer = extendedGcd(g.a, f.a, true);
    const bezoutB = outer.x!;
    const bezoutC = outer.y;
    let capCy = outer.aOverGcd;
    let capBy = outer.bOverGcd;
    let gcd: bigint;
    let capBx: bigint;
    let capDy: bigint;
    if (s % outer.gcd === 0n) {
      gcd = outer.gcd;
      capBx = m * bezoutB;
      capDy = s / outer.gcd;
    } else {
      // Steps 3 and 4: G = gcd(F, s).
      const inner = extendedGcd(outer.gcd, s, false);
      const h = inner.aOverGcd;
      const l = floorMod(inner.y * (bezoutB * floorMod(f.c, h) + bezoutC * floorMod(g.c, h)), h);
      gcd = inner.gcd;
      capBx = bezoutB * (m / h) + l * capBy;
      capBy *= h;
      capCy *= h;
      capDy = inner.bOverGcd;
    }

    const { bx, x, by, y, iterated } = partialEuclid(floorMod(capBx, capBy), capBy, this.limit);
    if (!iterated) {
      // Step 6.
      const q = capCy * bx;
      const cx = (q - m) / capBy;
      const dx = (bx * capDy - g.c) / capBy;
      return reduce({ a: by * capCy, b: g.b - 2n * q, c: bx * cx - gcd * dx });
    }
    // Step 7.
    const cx = (capCy * bx - m * x) / capBy;
    const q1 = by * cx;
    const q2 = q1 + m;
    const dx = (capDy * bx - g.c * x) / capBy;
    const q3 = y * dx;
    const q4 = q3 + capDy;
    const dy = q4 / x;
    // fastcrypto tests the Bézout coefficient b of step 2 here.
    const cy = bezoutB !== 0n ? q2 / bx : (cx * dy - f.c) / dx;
    return reduce({
      a: by * cy - gcd * y * dy,
      b: gcd * (q3 + q4) - q1 - q2,
      c: bx * cx - gcd * x * dx,
    });
  }

  double(f: QuadraticForm): QuadraticForm {
    const e = extendedGcd(f.a, f.b, false);
    const capBy = e.aOverGcd;
    const capDy = e.bOverGcd;
    const { bx, x, by, y, iterated } = partialEuclid(floorMod(e.y * f.c, capBy), capBy, this.limit);
    let a = by * by;
    let c = bx * bx;
    let b = -2n * by * bx;
    if (!iterated) {
      const dx = (bx * capDy - f.c) / capBy;
      b += f.b;
      c -= e.gcd * dx;
    } else {
      const dx = (bx * capDy - f.c * x) / capBy;
      const q1 = dx * y;
      const dyTimesX = q1 + capDy;
      b += e.gcd * (dyTimesX + q1);
      const dy = dyTimesX / x;
      a -= e.gcd * y * dy;
      c -= e.gcd * x * dx;
    }
    return reduce({ a, b, c });
  }
}
