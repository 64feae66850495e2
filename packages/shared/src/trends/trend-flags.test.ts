import { describe, expect, it } from 'vitest';
import { trendFlags } from './trend-flags.ts';
import type { TrendKey, TrendSeries } from './trends.schemas.ts';

const series = (key: TrendKey, values: [string, number][], eye: 'right' | 'left' = 'right'): TrendSeries => ({
  key,
  eye,
  unit: '',
  points: values.map(([at, value], i) => ({
    at: `${at}T08:00:00.000Z`,
    value,
    examType: 'followUp',
    examId: i + 1,
  })),
});

describe('trend flags', () => {
  it('IOP above 21 mmHg, and a rise of 5 between two visits even below it', () => {
    expect(
      trendFlags([
        series('iop', [
          ['2026-01-01', 16],
          ['2026-03-01', 22],
        ]),
      ]),
    ).toEqual([
      { code: 'iopHigh', eye: 'right', value: 22, at: '2026-03-01T08:00:00.000Z' },
      { code: 'iopRise', eye: 'right', from: 16, to: 22, at: '2026-03-01T08:00:00.000Z' },
    ]);
    expect(
      trendFlags([
        series(
          'iop',
          [
            ['2026-01-01', 14],
            ['2026-03-01', 19],
          ],
          'left',
        ),
      ]),
    ).toEqual([{ code: 'iopRise', eye: 'left', from: 14, to: 19, at: '2026-03-01T08:00:00.000Z' }]);
    // 21 is the limit itself, and +4 is not a rise.
    expect(
      trendFlags([
        series('iop', [
          ['2026-01-01', 17],
          ['2026-03-01', 21],
        ]),
      ]),
    ).toEqual([]);
    // Only the latest reading counts: a high pressure since treated is not flagged.
    expect(
      trendFlags([
        series('iop', [
          ['2026-01-01', 30],
          ['2026-03-01', 18],
        ]),
      ]),
    ).toEqual([]);
  });

  it('Kmax up by 1 D or more against the lowest value of the 12 months before', () => {
    expect(
      trendFlags([
        series('kmax', [
          ['2025-01-01', 50],
          ['2025-06-01', 48.5],
          ['2025-12-01', 49.1],
          ['2026-05-01', 49.6],
        ]),
      ]),
    ).toEqual([
      {
        code: 'kmaxProgression',
        eye: 'right',
        change: expect.closeTo(1.1, 9) as number,
        since: '2025-06-01T08:00:00.000Z',
        at: '2026-05-01T08:00:00.000Z',
      },
    ]);
    // The low value is older than 12 months: no progression within the window.
    expect(
      trendFlags([
        series('kmax', [
          ['2024-01-01', 47],
          ['2025-06-01', 48.4],
          ['2026-05-01', 48.9],
        ]),
      ]),
    ).toEqual([]);
    expect(trendFlags([series('kmax', [['2026-01-01', 48]])])).toEqual([]);
  });

  it('best-corrected acuity worse by two lines (0.2 logMAR) since the visit before', () => {
    expect(
      trendFlags([
        series('vaLogMar', [
          ['2026-01-01', 0],
          ['2026-04-01', 0.2],
        ]),
      ]),
    ).toEqual([{ code: 'vaLoss', eye: 'right', from: 0, to: 0.2, at: '2026-04-01T08:00:00.000Z' }]);
    expect(
      trendFlags([
        series('vaLogMar', [
          ['2026-01-01', 0.3],
          ['2026-04-01', 0.4],
        ]),
      ]),
    ).toEqual([]);
    // Better acuity (a lower logMAR) is never flagged.
    expect(
      trendFlags([
        series('vaLogMar', [
          ['2026-01-01', 0.5],
          ['2026-04-01', 0.1],
        ]),
      ]),
    ).toEqual([]);
  });

  it('measures without a rule and empty series raise nothing', () => {
    expect(trendFlags([series('kmax', [['2026-01-01', 47]]), series('iop', [])])).toEqual([]);
  });

  it('IOP above the target the doctor set for that eye, and not at or below it', () => {
    const iop = [
      series('iop', [
        ['2026-01-01', 17],
        ['2026-03-01', 18],
      ]),
      series(
        'iop',
        [
          ['2026-01-01', 16],
          ['2026-03-01', 15],
        ],
        'left',
      ),
    ];
    // Right eye 18 against a target of 15 (a glaucoma patient's lower target): flagged; left 15 = its target.
    expect(trendFlags(iop, { targetIop: { right: 15, left: 15 } })).toEqual([
      { code: 'iopAboveTarget', eye: 'right', value: 18, target: 15, at: '2026-03-01T08:00:00.000Z' },
    ]);
    // No target set: only the general rules (18 is under 21, +1 is no rise).
    expect(trendFlags(iop, { targetIop: { right: null, left: null } })).toEqual([]);
    expect(trendFlags(iop)).toEqual([]);
  });

  // Gomes JAP et al., Global Consensus on Keratoconus and Ectatic Diseases, Cornea 2015;34:359–369 (thinning is a
  // progression sign); Duncan JK, Belin MW, Borgstrom M, Eye and Vision 2016;3:6 (7.88 µm repeatability): 20 µm.
  it('corneal thinning: the thinnest pachymetry 20 µm below its thickest of the 12 months before', () => {
    // 490 µm is older than 12 months: the fall is counted from 468.
    expect(
      trendFlags([
        series('thinnestPachymetry', [
          ['2025-01-01', 490],
          ['2025-09-01', 468],
          ['2026-03-01', 448],
        ]),
      ]),
    ).toEqual([
      {
        code: 'cornealThinning',
        eye: 'right',
        from: 468,
        to: 448,
        since: '2025-09-01T08:00:00.000Z',
        at: '2026-03-01T08:00:00.000Z',
      },
    ]);
    // 12 µm is within the instrument's noise in a keratoconic cornea; a thick value older than 12 months is out.
    expect(
      trendFlags([
        series('thinnestPachymetry', [
          ['2026-01-01', 470],
          ['2026-03-01', 458],
        ]),
        series(
          'thinnestPachymetry',
          [
            ['2024-01-01', 500],
            ['2025-06-01', 470],
            ['2026-03-01', 460],
          ],
          'left',
        ),
      ]),
    ).toEqual([]);
  });

  // Wollensak G, Spoerl E, Wilsch M, Seiler T, J Cataract Refract Surg 2003;29:1786–1790: 400 µm for standard CXL.
  it('a thinnest pachymetry under 400 µm, and not at 400', () => {
    expect(trendFlags([series('thinnestPachymetry', [['2026-03-01', 392]])])).toEqual([
      { code: 'cornealThin', eye: 'right', value: 392, at: '2026-03-01T08:00:00.000Z' },
    ]);
    expect(trendFlags([series('thinnestPachymetry', [['2026-03-01', 400]])])).toEqual([]);
  });

  // Krzystolik MG et al. (DRCR.net), Ophthalmology 2007;114:1520–1525: a change of more than 10 % is real.
  it('central macular thickness up 10 % or more since the visit before, and not less', () => {
    expect(
      trendFlags([
        series('cmt', [
          ['2026-01-01', 280],
          ['2026-04-01', 310],
        ]),
      ]),
    ).toEqual([{ code: 'cmtRise', eye: 'right', from: 280, to: 310, at: '2026-04-01T08:00:00.000Z' }]);
    // +10 % exactly is flagged; +9 % is not; a fall never is.
    expect(
      trendFlags([
        series('cmt', [
          ['2026-01-01', 300],
          ['2026-04-01', 330],
        ]),
      ]),
    ).toHaveLength(1);
    expect(
      trendFlags([
        series('cmt', [
          ['2026-01-01', 300],
          ['2026-04-01', 327],
        ]),
        series(
          'cmt',
          [
            ['2026-01-01', 450],
            ['2026-04-01', 300],
          ],
          'left',
        ),
      ]),
    ).toEqual([]);
  });

  // AAO PPP Primary Open-Angle Glaucoma Suspect, Ophthalmology 2021;128:P151–P192 (progressive, asymmetric cupping);
  // Tielsch JM et al., Ophthalmology 1988;95:350–356 (0.1–0.2 between observers).
  it('cup-to-disc growth of 0.2 over the eye’s lowest earlier value, and not 0.15', () => {
    expect(
      trendFlags([
        series('cupDisc', [
          ['2024-01-01', 0.4],
          ['2025-01-01', 0.45],
          ['2026-01-01', 0.6],
        ]),
      ]),
    ).toEqual([
      {
        code: 'cupDiscGrowth',
        eye: 'right',
        from: 0.4,
        to: 0.6,
        since: '2024-01-01T08:00:00.000Z',
        at: '2026-01-01T08:00:00.000Z',
      },
    ]);
    expect(
      trendFlags([
        series('cupDisc', [
          ['2024-01-01', 0.45],
          ['2026-01-01', 0.6],
        ]),
      ]),
    ).toEqual([]);
  });

  it('cup-to-disc asymmetry of 0.2 between the eyes at one visit, and not 0.15 or across visits', () => {
    expect(
      trendFlags([
        series('cupDisc', [['2026-01-01', 0.7]]),
        series('cupDisc', [['2026-01-01', 0.5]], 'left'),
      ]),
    ).toEqual([{ code: 'cupDiscAsymmetry', right: 0.7, left: 0.5, at: '2026-01-01T08:00:00.000Z' }]);
    expect(
      trendFlags([
        series('cupDisc', [['2026-01-01', 0.65]]),
        series('cupDisc', [['2026-01-01', 0.5]], 'left'),
      ]),
    ).toEqual([]);
    // The two eyes measured at different visits are not compared.
    expect(
      trendFlags([
        series('cupDisc', [['2026-01-01', 0.7]]),
        series('cupDisc', [['2025-01-01', 0.4]], 'left'),
      ]),
    ).toEqual([]);
  });

  // Flitcroft DI et al., IMI – Defining and Classifying Myopia, IOVS 2019;60:M20–M30 (myopia: SE ≤ −0.50 D);
  // Wolffsohn JS et al., IMI – Myopia Control Reports Overview, IOVS 2019;60:M1–M19 (0.5 D a year).
  it('myopia progression of 0.5 D a year or more in a child, and not in an adult or a slower child', () => {
    const child = '2014-05-01';
    const se = (values: [string, number][], eye: 'right' | 'left' = 'right') =>
      series('sphericalEquivalent', values, eye);
    // −1.00 to −1.75 in a year: 0.75 D a year, an 11-year-old.
    expect(
      trendFlags(
        [
          se([
            ['2025-03-01', -1],
            ['2026-03-01', -1.75],
          ]),
        ],
        { birthDate: child },
      ),
    ).toEqual([
      {
        code: 'myopiaProgression',
        eye: 'right',
        rate: expect.closeTo(0.75, 2) as number,
        from: -1,
        to: -1.75,
        since: '2025-03-01T08:00:00.000Z',
        at: '2026-03-01T08:00:00.000Z',
      },
    ]);
    const fast = [
      se([
        ['2025-03-01', -1],
        ['2026-03-01', -1.75],
      ]),
    ];
    // The same change in an adult, or without a birth date: nothing.
    expect(trendFlags(fast, { birthDate: '1990-01-01' })).toEqual([]);
    expect(trendFlags(fast)).toEqual([]);
    // A child at 0.25 D a year; a hyperope moving towards emmetropia; two visits a month apart.
    expect(
      trendFlags(
        [
          se([
            ['2024-03-01', -1],
            ['2026-03-01', -1.5],
          ]),
          se(
            [
              ['2025-03-01', 2],
              ['2026-03-01', 1],
            ],
            'left',
          ),
        ],
        { birthDate: child },
      ),
    ).toEqual([]);
    expect(
      trendFlags(
        [
          se([
            ['2026-02-01', -1],
            ['2026-03-01', -1.25],
          ]),
        ],
        { birthDate: child },
      ),
    ).toEqual([]);
  });
});
