import {
  IconBed,
  IconBuildingBank,
  IconGasStation,
  IconPhone,
  IconPlane,
  IconToolsKitchen2,
  IconTrain,
} from '@tabler/icons-react';
import type { TExpenseCategory } from '@tasbiq/contracts/expenses';

/** Spec §3 category icons: food, hotel, bank, phone, gas-station, train, plane. */
const ICONS: Record<TExpenseCategory, typeof IconBed> = {
  food: IconToolsKitchen2,
  hotel: IconBed,
  bank: IconBuildingBank,
  phone: IconPhone,
  'gas-station': IconGasStation,
  train: IconTrain,
  plane: IconPlane,
};

/** A category's icon, decorative (its French name is always written beside it). */
export function CategoryIcon({
  category,
  className = 'size-5',
}: {
  category: TExpenseCategory;
  className?: string;
}) {
  const Icon = ICONS[category];
  return <Icon aria-hidden="true" className={className} data-category-icon={category} />;
}
