import type { Db } from '../../db/client.ts';
import { centimesToWire } from '../../lib/money.ts';
import {
  createSandboxPayoutOperations,
  dirhams,
  type PayoutSandboxControl,
} from '../sandbox-payout-operations.ts';
import type { BankTransferProvider } from './bank-transfer-provider.ts';

/**
 * Documented magic values, so a person trying the demo (or an end-to-end test) can see a failed
 * payout: a transfer of exactly 1 313 DH (or 13 DH) is refused as if the account were closed.
 */
export const SANDBOX_FAILING_AMOUNTS_CENTIMES = [1_300n, 131_300n] as const;
export const SANDBOX_CLOSED_ACCOUNT_REASON = 'Compte bénéficiaire clôturé';
/** Answer of a transfer made to fail with `sandbox.failNext()`. */
export const SANDBOX_TRANSFER_REFUSED_REASON = 'Virement refusé par la banque du bénéficiaire';

const maskRib = (rib: string) => `${rib.slice(0, 3)}…${rib.slice(-4)}`;

/** The sandbox bank: nothing leaves; the answer is recorded in sandbox_operations ('bank_transfer'). */
export function createSandboxBankTransfer(
  db: Db,
  latencyMs = 0,
): BankTransferProvider & { sandbox: PayoutSandboxControl } {
  const operations = createSandboxPayoutOperations(db, {
    provider: 'bank_transfer',
    channel: 'bank_transfer',
    referencePrefix: 'VIR',
    refusedReason: SANDBOX_TRANSFER_REFUSED_REASON,
    latencyMs,
  });
  return {
    sandbox: operations.sandbox,
    find: operations.find,
    transfer(request) {
      const amount = `${dirhams(request.amountCentimes)} DH`;
      return operations.perform({
        reference: request.reference,
        amountCentimes: request.amountCentimes,
        request: {
          rib: maskRib(request.rib),
          beneficiary: request.beneficiaryName,
          amount: centimesToWire(request.amountCentimes),
          label: request.label,
        },
        magicFailure: (SANDBOX_FAILING_AMOUNTS_CENTIMES as readonly bigint[]).includes(request.amountCentimes)
          ? SANDBOX_CLOSED_ACCOUNT_REASON
          : null,
        outbox: {
          recipient: maskRib(request.rib),
          subject: `Virement ${amount}`,
          sent: `Virement de ${amount} à ${request.beneficiaryName} (${request.label}).`,
          failed: (reason) => `Virement de ${amount} à ${request.beneficiaryName} refusé : ${reason}.`,
        },
      });
    },
  };
}
