import { z } from 'zod';
import { ZObjectId } from './wire.ts';

/** A group of employees (spec §3 Group) as HR lists it; `employee_count` counts every member. */
export const ZGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  employee_count: z.number().int(),
  created: z.string(),
});
export type TGroup = z.infer<typeof ZGroup>;

/** Public names HR can sort the group list by (`ordering=-employee_count`). */
export const GROUP_ORDERING_FIELDS = ['name', 'created', 'employee_count'] as const;

export const GROUP_NAME_MAX_LENGTH = 100;
/** Most employees one JSON create may move into the new group (a CSV file has its own limit). */
export const GROUP_MAX_MEMBERS_PER_REQUEST = 20_000;

/** A name another group of the company already has (code `unique` on `name`). */
export const GROUP_NAME_TAKEN_FR = 'Un groupe porte déjà ce nom.';
/** Texts of the group forms more precise than the catalogue's, by `attr.code`. */
export const GROUP_FIELD_MESSAGES_FR: Record<string, string> = { 'name.unique': GROUP_NAME_TAKEN_FR };

const ZGroupName = z.string().trim().min(1).max(GROUP_NAME_MAX_LENGTH);

/**
 * POST /groups/ as JSON. The web form sends multipart instead: `name` and an optional `file`, a CSV
 * of CINs (one per line, header optional) whose employees move into the new group.
 */
export const ZCreateGroupRequest = z.object({
  name: ZGroupName,
  employees: z.array(ZObjectId).max(GROUP_MAX_MEMBERS_PER_REQUEST).optional(),
});
export type TCreateGroupRequest = z.input<typeof ZCreateGroupRequest>;

/** Multipart fields of POST /groups/ besides `file`. */
export const ZCreateGroupFields = z.object({ name: ZGroupName });

/** PUT /groups/{id}/ */
export const ZUpdateGroupRequest = z.object({ name: ZGroupName });
export type TUpdateGroupRequest = z.input<typeof ZUpdateGroupRequest>;
