import { describe, expect, it } from 'vitest';
import { predictedRefraction } from '../clinical/iol-formula.ts';
import { biometry } from './biometry.ts';
import { examSchemas } from './exam-definition.ts';
import { isCataractOperation, operation } from './operation.ts';
import { operationPlanContext } from './operation-plan.ts';

// The plan: Retzlaff, Sanders and Kraff 1990's eye (AL 23.50 mm, K 43.50 D, A 118.4; clinical-optics.md §1.2).
const planData = {
  measurements: { right: { axialLength: 23.5, k1: 43.25, k1Axis: 180, k2: 43.75, k2Axis: 90 } },
  lens: { right: { aConstant: 118.4, targetRefraction: -0.5, iolPower: 21.5, lensModel: 'SN60WF' } },
};
const plan = {
  id: 7,
  data: planData,
  derived: biometry.derive!.compute(planData, undefined),
};

describe('the operation record', () => {
  it('predicts the implanted power’s refraction from the plan, by the chosen formula and the plan’s constant', () => {
    const context = { operation: { plan: operationPlanContext(plan, 'right') } };
    const data = {
      operation: { eye: 'right' as const },
      lens: { power: 22 },
      plan: { biometryId: 7, formula: 'srkt' as const },
    };
    const derived = operation.derive!.compute(data, undefined, context);
    expect(derived.formula).toBe('srkt');
    expect(derived.constant).toBe(118.4);
    expect(derived.predictedRefraction).toBeCloseTo(
      predictedRefraction('srkt', { axialLength: 23.5, meanK: 43.5 }, 118.4, 22),
      9,
    );
    // The implanted power is not the plan's: the record says by how much.
    expect(derived.warnings).toEqual([{ code: 'powerDiffersFromPlan', value: 0.5 }]);
    // 0.50 D at 90 (K2 43.75 @ 90 steeper than K1 43.25 @ 180).
    expect(derived.preoperativeAstigmatism).toEqual({ magnitude: 0.5, axis: 90 });
  });

  it('uses the plan’s recommended formula when the record names none, and says when the plan has no such eye', () => {
    const right = operation.derive!.compute(
      { operation: { eye: 'right' }, lens: { power: 21.5 }, plan: { biometryId: 7 } },
      undefined,
      { operation: { plan: operationPlanContext(plan, 'right') } },
    );
    expect(right.formula).toBe('holladay1');
    expect(right.warnings).toEqual([]);
    const left = operation.derive!.compute(
      { operation: { eye: 'left' }, lens: { power: 21.5 }, plan: { biometryId: 7 } },
      undefined,
      { operation: { plan: operationPlanContext(plan, 'left') } },
    );
    expect(left.predictedRefraction).toBeUndefined();
    expect(left.warnings).toEqual([{ code: 'planWithoutEye' }]);
  });

  it('refuses a plan or a lens without the eye, a power with no lens placed, and an unnamed "other" complication', () => {
    const result = examSchemas(operation).data.safeParse({
      plan: { biometryId: 7 },
      lens: { power: 21, placement: 'none' },
      complications: { codes: ['other'] },
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'operation.eye value.required',
        'lens.placement value.no_lens_with_power',
        'complications.detail value.required',
      ]),
    );
    expect(
      examSchemas(operation).data.safeParse({
        operation: { eye: 'left', procedure: 'phaco' },
        lens: { power: 21, placement: 'bag' },
        complications: { codes: ['posteriorCapsuleRupture'] },
      }).success,
    ).toBe(true);
  });

  it('counts cataract procedures in the audit, and an unnamed procedure only with a lens implanted', () => {
    expect(isCataractOperation({ operation: { procedure: 'phaco' } })).toBe(true);
    expect(isCataractOperation({ operation: { procedure: 'phacoTrabeculectomy' } })).toBe(true);
    expect(isCataractOperation({ operation: { procedure: 'yagCapsulotomy' }, lens: { power: 21 } })).toBe(
      false,
    );
    expect(isCataractOperation({ operation: { procedure: 'iolExchange' }, lens: { power: 21 } })).toBe(false);
    expect(isCataractOperation({ lens: { power: 21 } })).toBe(true);
    expect(isCataractOperation({})).toBe(false);
  });
});
