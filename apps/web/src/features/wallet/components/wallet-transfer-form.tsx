import { MAIN_WALLET, type VendorWallet } from '@fortuna/contracts/wallet';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '../../../shared/money/amount-input.ts';
import { useMoneyMoved } from '../../../shared/money/use-money-moved.ts';
import { useRequestId } from '../../../shared/money/use-request-id.ts';
import { AmountField } from '../../../shared/ui/form/amount-field.tsx';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { amountMessage } from '../amount-rules.ts';
import { transferBetweenWallets, WALLETS_QUERY_KEY } from '../api/wallets.ts';
import { WALLET_FAILURES } from '../wallet-failures.ts';
import { SegmentedChoice } from './segmented-choice.tsx';

const FIELDS = ['wallet', 'amountMinor'] as const;
type Direction = 'toVendor' | 'toMain';

/**
 * Moves money between the main wallet and one vendor's transfer wallet (spec 7.2
 * GCS_walletTransfer). The amount is typed in major units and sent as exact minor units with a
 * request id, so a retry never moves it twice.
 */
export function WalletTransferForm({ vendors, decimals }: { vendors: VendorWallet[]; decimals: number }) {
  const { t } = useTranslation();
  const moneyMoved = useMoneyMoved();
  const requestIds = useRequestId();
  const [direction, setDirection] = useState<Direction>('toVendor');
  const { errors, formError, busy, checkAll, send } = useFormState(FIELDS, WALLET_FAILURES);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const wallet = String(data.get('wallet') ?? '');
    const amountText = String(data.get('amountMinor') ?? '');
    const ok = checkAll((field) =>
      field === 'wallet'
        ? wallet
          ? null
          : { key: 'validation.required' }
        : amountMessage(amountText, decimals),
    );
    const parsed = parseAmountInput(amountText, decimals);
    if (!ok || !parsed.ok) return;
    const [from, to] = direction === 'toVendor' ? [MAIN_WALLET, wallet] : [wallet, MAIN_WALLET];
    await send(async () => {
      await requestIds.sendOnce(`${from}>${to}:${parsed.minor}`, (requestId) =>
        transferBetweenWallets({ from, to, amountMinor: parsed.minor, requestId }),
      );
      await moneyMoved(form, {
        queryKey: WALLETS_QUERY_KEY,
        title: t('wallet.transferDone'),
        testId: 'transfer-done',
      });
    });
  }

  return (
    <form
      className="account-form wallet-form"
      onSubmit={submit}
      noValidate
      data-testid="wallet-transfer-form"
    >
      <SegmentedChoice
        legend={t('wallet.direction')}
        options={['toVendor', 'toMain']}
        value={direction}
        labelOf={(option) => t(`wallet.${option}`)}
        onChange={setDirection}
      />
      <FormField name="wallet" label={t('wallet.gameWallet')} required error={errors.wallet}>
        {(control) => (
          <select {...control} name="wallet" defaultValue={vendors[0]?.code ?? ''}>
            {vendors.map((vendor) => (
              <option key={vendor.code} value={vendor.code}>
                {vendor.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <AmountField
        label={t('wallet.amount.label')}
        hint={t('wallet.amount.hint')}
        error={errors.amountMinor}
      />
      <FormSubmit error={formError} busy={busy} label={t('wallet.transfer')} />
    </form>
  );
}
