import { z } from 'zod';

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
