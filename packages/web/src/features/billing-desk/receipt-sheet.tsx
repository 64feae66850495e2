import { useTranslation } from '../../i18n/use-translation.ts';
import type { Receipt } from '@basira/shared/money/billing.schemas';
import { amountInWords } from '@basira/shared/money/amount-in-words';
import { formatMoney, type Money } from '@basira/shared/money/money';
import { useFormatters } from '../../lib/format.ts';
import { chargeName } from './charge-name.ts';
import './receipt.css';

export type ReceiptPaper = '80mm' | 'A5';

const ltr = (text: string) => <bdi dir="ltr">{text}</bdi>;

/**
 * A receipt as it prints, inside the clinic's print frame: its number, when, the patient, the lines, the total
 * and the same in words, the method, what is still owed and who took the money; "COPY" on every print after the
 * first. In the sheet's language (`lang`); numbers and amounts as isolated left-to-right runs.
 */
export function ReceiptSheet({
  receipt,
  copy,
  paper,
  lang,
}: {
  receipt: Receipt;
  copy: boolean;
  paper: ReceiptPaper;
  lang: 'ar' | 'en';
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const money = (amount: number): Money => ({ amount, currency: receipt.currency });
  const show = (amount: number) => ltr(formatMoney(money(amount), lang));
  return (
    <div
      className={`receipt ${paper === '80mm' ? 'receipt-80mm' : 'receipt-a5'}`}
      data-testid="receipt-sheet"
      data-copy={copy || undefined}
    >
      {copy && (
        <div className="receipt-copy" data-testid="receipt-copy">
          {t('billingDesk.receipt.copy')}
        </div>
      )}
      <dl className="receipt-meta">
        <dt>{t('billingDesk.receipt.number')}</dt>
        <dd data-testid="receipt-number">{ltr(receipt.number)}</dd>
        <dt>{t('billingDesk.receipt.date')}</dt>
        <dd>{format.dateTime(receipt.createdAt)}</dd>
        <dt>{t('billingDesk.receipt.patient')}</dt>
        <dd data-testid="receipt-patient">
          <bdi>{receipt.patient.name}</bdi>
        </dd>
        <dt>{t('billingDesk.receipt.fileNumber')}</dt>
        <dd>{ltr(String(receipt.patient.fileNumber))}</dd>
      </dl>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th scope="col">{t('billingDesk.receipt.service')}</th>
            <th scope="col" className="receipt-doctor-col">
              {t('billingDesk.receipt.doctor')}
            </th>
            <th scope="col" className="receipt-amount">
              {t('billingDesk.receipt.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.chargeId} data-testid="receipt-line">
              <td>
                {chargeName(line, lang)}
                {line.doctor && <div className="receipt-line-doctor">{line.doctor.name}</div>}
              </td>
              <td className="receipt-doctor-col">{line.doctor?.name ?? ''}</td>
              <td className="receipt-amount">{show(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="receipt-total" data-testid="receipt-total">
        <span>{t('billingDesk.receipt.total')}</span>
        {show(receipt.total)}
      </div>
      <div className="receipt-words" data-testid="receipt-words">
        {amountInWords(money(receipt.total), lang)}
      </div>
      <dl className="receipt-meta">
        <dt>{t('billingDesk.receipt.method')}</dt>
        <dd data-testid="receipt-method">
          {t(`billingDesk.methods.${receipt.method}`)}
          {receipt.wallet ? ` · ${receipt.wallet}` : ''}
        </dd>
        <dt>{t('billingDesk.receipt.balanceAfter')}</dt>
        <dd data-testid="receipt-balance">{show(receipt.balanceAfter)}</dd>
      </dl>
      <div className="receipt-signed">
        <div className="receipt-signed-line" />
        <div>
          {t('billingDesk.receipt.cashier')}: <bdi data-testid="receipt-cashier">{receipt.cashier.name}</bdi>
        </div>
      </div>
    </div>
  );
}
