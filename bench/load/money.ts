// The clinic's price list, as the demo clinic has it (demo/demo-money.ts): queueing a visit charges the active
// service of its reason (issue 52), so the cashiers have something to take. Made once through the API and kept.
import { DEMO_PRICE_LIST } from '@basira/server/src/demo/demo-money.ts';
import type { Api } from './client.ts';

const PATH = '/api/mo/billing/services';

/** Adds the demo's services that the organization lacks (by code); a doctor's own price is left out. */
export async function ensurePriceList(api: Api, token: string): Promise<void> {
  const res = await api.call('GET', PATH, token);
  if (res.status !== 200) throw new Error(`GET ${PATH}: ${res.status} ${res.text.slice(0, 300)}`);
  const codes = new Set((JSON.parse(res.text) as { data: { code: string }[] }).data.map((s) => s.code));
  for (const s of DEMO_PRICE_LIST) {
    if (s.doctor !== undefined || codes.has(s.code)) continue;
    const made = await api.call('POST', PATH, token, {
      code: s.code,
      nameAr: s.nameAr,
      nameEn: s.nameEn,
      kind: s.kind,
      visitReason: s.visitReason ?? null,
      priceIqd: s.priceIqd,
      priceUsd: s.priceUsd ?? null,
    });
    if (made.status !== 201)
      throw new Error(`POST ${PATH} ${s.code}: ${made.status} ${made.text.slice(0, 300)}`);
  }
}
