-- Merging two records of one patient (patients/patient-merge.service.ts) files the merged record's money under the
-- survivor, as it does its visits and exam records: the debt and the receipts follow the person. Only that
-- transaction, which sets `basira.patient_merge` for itself, may change a money row, and only its `patient_id`;
-- every other rule of migration 0033 stands (docs/money.md).
CREATE OR REPLACE FUNCTION billing_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('basira.audit_maintenance', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('basira.patient_merge', true) = 'on'
     AND (to_jsonb(NEW) - 'patient_id') = (to_jsonb(OLD) - 'patient_id') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'receipts'
     AND (to_jsonb(NEW) - 'print_count') = (to_jsonb(OLD) - 'print_count') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'charges'
     AND (to_jsonb(NEW) - 'balance' - 'voided' - 'version') = (to_jsonb(OLD) - 'balance' - 'voided' - 'version') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
