import type { TRechargeProduct, TTelecomOperator } from '@tasbiq/contracts/money';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cx } from '../../../lib/cx.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { useRechargeProductsQuery } from '../api/get-recharge-products.ts';
import { ChoiceCard } from './choice-card.tsx';

/** The employee pays less than the line receives (the distributor discount, passed on). */
export function hasDiscount(product: TRechargeProduct): boolean {
  return Number(product.discounted_amount) < Number(product.amount);
}

/** The operator's top-ups (GET /recharge/products?operator=), as radio cards. */
export function ProductPicker({
  operator,
  value,
  onChange,
}: {
  operator: TTelecomOperator;
  value: TRechargeProduct | null;
  onChange: (product: TRechargeProduct) => void;
}) {
  const products = useRechargeProductsQuery(operator);

  let body: ReactNode;
  if (products.isPending) body = <Spinner isBlock label="Chargement des recharges" className="py-6" />;
  else if (products.isError)
    body = (
      <LoadErrorState
        className="py-6"
        title="Les recharges n'ont pas pu être chargées."
        error={products.error}
        onRetry={() => products.refetch()}
      />
    );
  else if (products.data.length === 0)
    body = <EmptyState className="py-6" title="Aucune recharge disponible pour cet opérateur." />;
  else
    body = (
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {products.data.map((product) => (
          <ChoiceCard
            key={product.id}
            name="product"
            value={product.id}
            checked={value?.id === product.id}
            onChange={() => onChange(product)}
          >
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold text-gray-900 tabular-nums">{formatMoney(product.amount)}</span>
              <span className="text-xs text-gray-600">
                Vous payez{' '}
                <span className={cx('font-semibold', hasDiscount(product) && 'text-brand-700')}>
                  {formatMoney(product.discounted_amount)}
                </span>
              </span>
            </span>
          </ChoiceCard>
        ))}
      </div>
    );

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-800">Montant de la recharge</legend>
      {body}
    </fieldset>
  );
}
