import type { Charge, Receipt } from '@basira/shared/money/billing.schemas';

/** A charge as the API answers it, for the tests. */
export function chargeOf(over: Partial<Charge> & Pick<Charge, 'id'>): Charge {
  return {
    patientId: 7,
    queueId: 40,
    serviceId: 1,
    code: 'CONS',
    nameAr: 'كشفية',
    nameEn: 'Consultation',
    kind: 'consultation',
    doctor: { id: 3, name: 'Dr Sara' },
    currency: 'IQD',
    listAmount: 25000,
    amount: 25000,
    freeReturnOf: null,
    balance: 25000,
    voided: false,
    day: '2026-12-05',
    version: 1,
    createdBy: { id: 2, name: 'Reception' },
    createdAt: '2026-12-05T08:00:00Z',
    entries: [],
    ...over,
  };
}

export function receiptOf(over: Partial<Receipt> = {}): Receipt {
  return {
    id: 123,
    number: '2026-000123',
    year: 2026,
    sequence: 123,
    patient: { id: 7, name: 'Huda Ali', fileNumber: 512 },
    method: 'cash',
    wallet: null,
    currency: 'IQD',
    total: 25000,
    lines: [
      {
        chargeId: 1,
        code: 'CONS',
        nameAr: 'كشفية',
        nameEn: 'Consultation',
        doctor: { id: 3, name: 'Dr Sara' },
        amount: 25000,
        balanceAfter: 0,
      },
    ],
    balanceAfter: 10000,
    cashier: { id: 2, name: 'Zainab the cashier' },
    shiftId: 4,
    printCount: 0,
    createdAt: '2026-12-05T09:30:00Z',
    ...over,
  };
}
