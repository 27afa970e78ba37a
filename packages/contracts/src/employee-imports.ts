import { z } from 'zod';
import { ZErrorBody } from './wire.ts';

/**
 * CSV uploads of HR people: the bulk employee import (POST /employees/import/) and the monthly
 * worked days (POST /employees/wd/). Both are all-or-nothing: a file with any bad row writes
 * nothing and answers 400 with a row-by-row report (docs/decisions/012).
 */

export type ImportColumn = {
  /** The name the template writes (and the API reads first). */
  name: string;
  /** What the column holds, in French, for the import page. */
  label: string;
  required: boolean;
  /** Other header names accepted (French spellings, English names); compared without case or accents. */
  aliases: readonly string[];
  /** The template's example row. */
  example: string;
};

/** Columns of the employee import, in template order. */
export const EMPLOYEE_IMPORT_COLUMNS = [
  {
    name: 'matricule',
    label: 'Matricule',
    required: false,
    aliases: ['serial', 'n_matricule', 'numero_matricule', 'mat'],
    example: 'M0001',
  },
  {
    name: 'nom',
    label: 'Nom',
    required: true,
    aliases: ['last_name', 'lastname', 'nom_de_famille'],
    example: 'Benaïssa',
  },
  {
    name: 'prenom',
    label: 'Prénom',
    required: true,
    aliases: ['first_name', 'firstname'],
    example: 'Hélène',
  },
  { name: 'cin', label: 'CIN', required: true, aliases: ['n_cin', 'numero_cin', 'cni'], example: 'BE123456' },
  {
    name: 'telephone',
    label: 'Téléphone',
    required: true,
    aliases: ['tel', 'phone', 'mobile', 'gsm', 'portable', 'numero_telephone'],
    example: '0612345678',
  },
  {
    name: 'email',
    label: 'E-mail',
    required: false,
    aliases: ['e_mail', 'mail', 'adresse_email', 'adresse_e_mail', 'courriel'],
    example: 'helene.benaissa@exemple.ma',
  },
  {
    name: 'date_naissance',
    label: 'Date de naissance (jj/mm/aaaa)',
    required: false,
    aliases: ['date_de_naissance', 'naissance', 'birthday', 'birth_date', 'birthdate', 'date_naiss'],
    example: '15/03/1990',
  },
  {
    name: 'salaire',
    label: 'Salaire (DH)',
    required: true,
    aliases: ['salary', 'salaire_de_base'],
    example: '8 000,00',
  },
  {
    name: 'taux_horaire',
    label: 'Taux horaire (DH)',
    required: false,
    aliases: ['hourly_rate'],
    example: '45,50',
  },
  {
    name: 'net_a_payer',
    label: 'Net à payer (DH)',
    required: false,
    aliases: ['net_payable', 'net'],
    example: '7 200,00',
  },
  {
    name: 'rib',
    label: 'RIB (24 chiffres)',
    required: false,
    aliases: ['releve_identite_bancaire'],
    example: '',
  },
  {
    name: 'groupe',
    label: 'Groupe (existant)',
    required: false,
    aliases: ['group', 'nom_groupe'],
    example: '',
  },
  {
    name: 'pourcentage_avance',
    label: "Pourcentage d'avance (10 à 100)",
    required: false,
    aliases: ['advance_percentage', 'pourcentage', 'taux_avance'],
    example: '50',
  },
  {
    name: 'avances_par_mois',
    label: 'Avances par mois (1 à 9, -1 illimité)',
    required: false,
    aliases: ['max_advances_per_month', 'nombre_avances'],
    example: '-1',
  },
  {
    name: 'avances_gratuites',
    label: 'Avances gratuites par mois',
    required: false,
    aliases: ['max_free_advances_per_month'],
    example: '1',
  },
  {
    name: 'plafond_mensuel',
    label: 'Plafond mensuel des avances (DH)',
    required: false,
    aliases: ['total_max_advance_per_month', 'plafond', 'plafond_avances'],
    example: '5 000,00',
  },
  {
    name: 'methode_solde',
    label: 'Méthode de calcul du solde (1 à 4)',
    required: false,
    aliases: ['balance_method', 'methode', 'methode_calcul'],
    example: '1',
  },
] as const satisfies readonly ImportColumn[];
export type EmployeeImportColumn = (typeof EMPLOYEE_IMPORT_COLUMNS)[number]['name'];

/** Columns of the worked-days upload: the employee by matricule or CIN, then days and hours. */
export const WORKED_DAYS_COLUMNS = [
  {
    name: 'matricule',
    label: 'Matricule',
    required: false,
    aliases: ['serial', 'n_matricule', 'mat'],
    example: 'M0001',
  },
  {
    name: 'cin',
    label: 'CIN',
    required: false,
    aliases: ['n_cin', 'numero_cin', 'cni'],
    example: 'BE123456',
  },
  {
    name: 'jours_travailles',
    label: 'Jours travaillés (0 à 31)',
    required: false,
    aliases: ['jours', 'worked_days', 'nb_jours', 'nombre_jours', 'jours_trav'],
    example: '22',
  },
  {
    name: 'heures_travaillees',
    label: 'Heures travaillées',
    required: false,
    aliases: ['heures', 'worked_hours', 'nb_heures', 'nombre_heures', 'heures_trav'],
    example: '176,5',
  },
] as const satisfies readonly ImportColumn[];
export type WorkedDaysColumn = (typeof WORKED_DAYS_COLUMNS)[number]['name'];

export const EMPLOYEE_IMPORT_TEMPLATE_NAME = 'modele-import-salaries.csv';
export const WORKED_DAYS_TEMPLATE_NAME = 'modele-jours-travailles.csv';

/** Most rows of one file (a 10 MB upload holds far fewer anyway). */
export const MAX_IMPORT_ROWS = 20_000;
/** Most errors listed in a report; `error_count` still counts them all. */
export const MAX_REPORTED_ERRORS = 1_000;
/** Worked days of a month: 0 to 31 (methods cap what they use at 26). */
export const MAX_WORKED_DAYS = 31;
/** Worked hours of a month: at most every hour of a 31-day month. */
export const MAX_WORKED_HOURS = 31 * 24;

// ---------------------------------------------------------------------------------------------
// Report of a refused file

/** One problem in a file: its line (the header is line 1), the column, a code and a French text. */
export const ZImportRowError = z.object({
  row: z.number().int(),
  /** The column's name in the template (`cin`), or null for a whole-line problem. */
  column: z.string().nullable(),
  code: z.string(),
  detail: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportReport = z.object({
  /** Data rows read (blank lines left out). */
  total_rows: z.number().int(),
  /**
   * The file's lines as Excel numbers them: the last line read, the header (line 1) included. The
   * screens count in these lines, like each error's `row`, so "1 ligne en erreur sur 3" and
   * "Ligne 3" speak of the same line.
   */
  total_lines: z.number().int(),
  /** How many distinct lines have at least one error. */
  error_rows: z.number().int(),
  /** Every error found; `errors` lists the first MAX_REPORTED_ERRORS of them, by line. */
  error_count: z.number().int(),
  errors: z.array(ZImportRowError),
});
export type TImportReport = z.infer<typeof ZImportReport>;

/** The 400 body of a refused file: the wire error format plus the report (decision 012). */
export const ZImportFailedBody = ZErrorBody.extend({ report: ZImportReport });
export type TImportFailedBody = z.infer<typeof ZImportFailedBody>;

// ---------------------------------------------------------------------------------------------
// Successful answers

/** POST /employees/import/ */
export const ZEmployeeImportResponse = z.object({
  created: z.number().int(),
  /** Header cells that matched no column and were not read (payroll exports carry extra columns). */
  ignored_columns: z.array(z.string()),
  /** Activation links being sent by SMS after the import (0 when `send_sms` was false). */
  invitations_queued: z.number().int(),
});
export type TEmployeeImportResponse = z.infer<typeof ZEmployeeImportResponse>;

/** POST /employees/wd/ */
export const ZWorkedDaysUploadResponse = z.object({
  updated: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  ignored_columns: z.array(z.string()),
  /**
   * Rows not written because the uploader may not change them (decision 025): their own row
   * (SELF_EDIT_FORBIDDEN) and, for an RH, a DRH's row (DRH_RECORD_PROTECTED). Another HR person
   * uploads them.
   */
  skipped: z.array(ZImportRowError),
});
export type TWorkedDaysUploadResponse = z.infer<typeof ZWorkedDaysUploadResponse>;

// ---------------------------------------------------------------------------------------------
// Multipart fields (the file itself is read separately)

const TRUE_VALUES = ['true', '1', 'on', 'yes', 'oui'];
const FALSE_VALUES = ['false', '0', 'off', 'no', 'non', ''];

/** A form checkbox: `true/false`, `1/0`, `on` (what an HTML checkbox sends). */
export const zFormBoolean = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => TRUE_VALUES.includes(v) || FALSE_VALUES.includes(v), { message: 'invalid' })
  .transform((v) => TRUE_VALUES.includes(v));

/** Fields of POST /employees/import/ besides `csvfile`. */
export const ZEmployeeImportFields = z.object({ send_sms: zFormBoolean.optional().default(false) });

const zFormInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: 'invalid' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** Fields of POST /employees/wd/ besides `file`: the month (default: this month in Casablanca). */
export const ZWorkedDaysFields = z.object({
  month: zFormInt(1, 12).optional(),
  year: zFormInt(2000, 2100).optional(),
});
