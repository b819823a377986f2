import { EMPLOYEE_LIMITS, EmployeeDetails } from '../../../domain/person/employee-information';
import { JOB_TITLE_MAX_LENGTH, ProfileChanges, USER_TYPES, UserType } from '../../../domain/person/person';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Language, LANGUAGES } from '../../../domain/shared/enumerations';
import { AddressInput, BankingInput } from '../shared/shared.dto';
import { fields } from '../validation/fields';
import { Input, nested } from '../validation/input';

const text = (max?: number) => fields.text({ max, nullable: true });

export class EmployeeInput implements Partial<EmployeeDetails> {
  @Input('id_number', text(EMPLOYEE_LIMITS.idNumber)) idNumber?: string | null;
  @Input('employee_number', text(EMPLOYEE_LIMITS.employeeNumber)) employeeNumber?: string | null;
  @Input('tax_number', text(EMPLOYEE_LIMITS.taxNumber)) taxNumber?: string | null;
  @Input('phone_number', text(EMPLOYEE_LIMITS.phoneNumber)) phoneNumber?: string | null;
  @Input('birthday', fields.date({ nullable: true })) birthday?: CalendarDate | null;
  @Input('social_url', fields.url({ max: EMPLOYEE_LIMITS.socialUrl, nullable: true })) socialUrl?: string | null;
  @Input('emergency_contact', text(EMPLOYEE_LIMITS.emergencyContact)) emergencyContact?: string | null;
  @Input('emergency_phone', text(EMPLOYEE_LIMITS.emergencyPhone)) emergencyPhone?: string | null;
  @Input('medical_aid_number', text(EMPLOYEE_LIMITS.medicalAid)) medicalAidNumber?: string | null;
  @Input('medical_aid_provider', text(EMPLOYEE_LIMITS.medicalAid)) medicalAidProvider?: string | null;
  @Input('medical_aid_plan', text(EMPLOYEE_LIMITS.medicalAid)) medicalAidPlan?: string | null;
  @Input('medical_conditions', text()) medicalConditions?: string | null;
  @Input('allergies', text()) allergies?: string | null;
  @Input('medications', text()) medications?: string | null;
  @Input('start_date', fields.date({ nullable: true })) startDate?: CalendarDate | null;
  @Input('end_date', fields.date({ nullable: true })) endDate?: CalendarDate | null;
  @Input('is_active_employee', fields.boolean()) isActiveEmployee?: boolean;
}

/** The writable fields of `/me/`. `is_owner` and the server's dates are validated, then ignored. */
export class ProfileInput implements ProfileChanges {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('current_language', fields.choice(LANGUAGES)) currentLanguage?: Language;
  @Input('job_title', text(JOB_TITLE_MAX_LENGTH)) jobTitle?: string | null;
  @Input('is_owner', fields.boolean(), { discard: true }) isOwner?: boolean;
  @Input('user_type', fields.choice(USER_TYPES)) userType?: UserType;
  @Input('address', nested(AddressInput, { nullable: true })) address?: AddressInput | null;
  @Input('banking_information', nested(BankingInput, { nullable: true })) bankingInformation?: BankingInput | null;
  @Input('employee_information', nested(EmployeeInput, { nullable: true })) employeeInformation?: EmployeeInput | null;
  @Input('last_login', fields.dateTime({ nullable: true }), { discard: true }) lastLogin?: Date | null;
  @Input('date_created', fields.dateTime({ nullable: true }), { discard: true }) dateCreated?: Date | null;
  @Input('last_updated', fields.dateTime({ nullable: true }), { discard: true }) lastUpdated?: Date | null;
}
