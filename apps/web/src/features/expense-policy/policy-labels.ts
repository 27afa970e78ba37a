import {
  POLICY_CHANGE_ACTION_LABELS_FR,
  POLICY_CHANGE_SUBJECT_LABELS_FR,
  type TAdvanceLimit,
  type TPolicyChange,
} from '@tasbiq/contracts/expense-policy';
import { formatMoney } from '../../lib/format/money.ts';

export const UNGROUPED_LABEL = 'Salariés sans groupe';
export const ANY_CITY_LABEL = 'Toutes les villes';
/** The URL segment of the ungrouped employees' limit: /rh/policy/ungrouped/edit. */
export const UNGROUPED_SEGMENT = 'ungrouped';

export const limitName = (line: Pick<TAdvanceLimit, 'group_name'>) => line.group_name ?? UNGROUPED_LABEL;
export const limitSegment = (line: Pick<TAdvanceLimit, 'group'>) =>
  line.group === null ? UNGROUPED_SEGMENT : String(line.group);

export function routeLabel(departure: string | null, arrival: string | null): string {
  return `${departure ?? ANY_CITY_LABEL} → ${arrival ?? ANY_CITY_LABEL}`;
}

type Snapshot = Record<string, unknown> | null;
const text = (snapshot: Snapshot, key: string) => {
  const value = snapshot?.[key];
  return typeof value === 'string' ? value : null;
};
const money = (snapshot: Snapshot, key: string) => {
  const value = text(snapshot, key);
  return value === null ? '—' : formatMoney(value);
};

function subjectName(change: TPolicyChange): string {
  const shown = change.after ?? change.before;
  if (change.subject === 'policy_item')
    return `${text(shown, 'group_name') ?? UNGROUPED_LABEL} · ${text(shown, 'category_label') ?? 'Catégorie'}`;
  if (change.subject === 'advance_limit') return text(shown, 'group_name') ?? UNGROUPED_LABEL;
  if (change.subject === 'travel_policy')
    return routeLabel(text(shown, 'departure_city_name'), text(shown, 'arrival_city_name'));
  return [text(shown, 'first_name'), text(shown, 'last_name')].filter(Boolean).join(' ') || 'Salarié';
}

/** « Plafond d'avance · Modification » */
export function changeTitle(change: TPolicyChange): string {
  return `${POLICY_CHANGE_SUBJECT_LABELS_FR[change.subject]} · ${POLICY_CHANGE_ACTION_LABELS_FR[change.action]}`;
}

/** What changed, in one line: « Commerciaux : 1 000 DH → 1 200 DH », « Commerciaux · Restauration : Illimité → 150 DH / jour ». */
export function changeSummary(change: TPolicyChange): string {
  const name = subjectName(change);
  if (change.subject === 'validator')
    return change.action === 'deleted' ? `${name} n'est plus valideur` : `${name} devient valideur`;
  if (change.subject === 'policy_item') {
    // A category ceiling: null is « Illimité », never removed (bulk_save only creates or replaces).
    const ceiling = (snapshot: Snapshot) =>
      text(snapshot, 'ceiling') === null ? 'Illimité' : `${money(snapshot, 'ceiling')} / jour`;
    if (change.action === 'created') return `${name} : ${ceiling(change.after)}`;
    return `${name} : ${ceiling(change.before)} → ${ceiling(change.after)}`;
  }
  const key = change.subject === 'advance_limit' ? 'amount' : 'ceiling';
  if (change.action === 'created') return `${name} : ${money(change.after, key)}`;
  if (change.action === 'deleted') return `${name} : plafond retiré (${money(change.before, key)})`;
  const before = change.before;
  const after = change.after;
  if (change.subject === 'travel_policy') {
    const beforeRoute = routeLabel(text(before, 'departure_city_name'), text(before, 'arrival_city_name'));
    if (beforeRoute !== name)
      return `${beforeRoute} (${money(before, key)}) → ${name} (${money(after, key)})`;
  }
  return `${name} : ${money(before, key)} → ${money(after, key)}`;
}
