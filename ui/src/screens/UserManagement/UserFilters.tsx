import { SelectField, TextField } from '../../index';
import { planChoices, roleChoices, statusChoices, verifiedChoices, type FilterValues } from './userFilters';
import * as styles from './UserManagement.css';

/** Search and the four filters of the staff list; every change starts again at the first page. */
export function UserFilters({ values, onChange }: { values: FilterValues; onChange: (values: FilterValues) => void }) {
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) => onChange({ ...values, [key]: value });
  const select = <K extends Exclude<keyof FilterValues, 'search'>>(
    key: K,
    label: string,
    all: string,
    choices: ReadonlyArray<readonly [string, string]>,
  ) => (
    <div className={styles.filter}>
      <SelectField
        label={label}
        value={values[key] as string}
        choices={[['', all], ...choices]}
        onChange={(value) => set(key, value as FilterValues[K])}
      />
    </div>
  );
  return (
    <div className={styles.toolbar}>
      <div className={styles.search}>
        <TextField
          label="Search users"
          type="search"
          placeholder="Name, email or company"
          value={values.search}
          onChange={(e) => set('search', e.target.value)}
        />
      </div>
      {select('role', 'Role', 'All roles', roleChoices)}
      {select('verified', 'Email', 'Verified or not', verifiedChoices)}
      {select('plan', 'Plan', 'All plans', planChoices)}
      {select('status', 'Status', 'Active or disabled', statusChoices)}
    </div>
  );
}
