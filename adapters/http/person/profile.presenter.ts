import { ProfileView } from '../../../application/person/profile-views';
import { ROLES } from '../../../domain/organisation/membership';
import { EMPLOYEE_LIMITS, EmployeeInformation } from '../../../domain/person/employee-information';
import { JOB_TITLE_MAX_LENGTH, USER_TYPES } from '../../../domain/person/person';
import { LANGUAGES } from '../../../domain/shared/enumerations';
import { ADDRESS_SCHEMA, BANKING_SCHEMA, presentAddress, presentBanking, wire } from '../shared/present';
import { personPictureUrl } from '../shared/pictures';
import { wireSchema as s } from '../shared/wire-schema';

/** The Person of the spec; `origin` makes the picture's URL absolute. */
export function presentProfile(view: ProfileView, origin: string) {
  const p = view.person;
  return {
    unique_id: p.uniqueId,
    user: { first_name: p.firstName, last_name: p.lastName, email: p.email },
    current_language: p.currentLanguage,
    language_display: LANGUAGES.label(p.currentLanguage),
    profile_picture_url: personPictureUrl(origin, p.uniqueId, p.picture),
    job_title: p.jobTitle,
    is_owner: view.isOwner,
    user_type: p.userType,
    user_type_display: USER_TYPES.label(p.userType),
    organisation_details: view.organisation
      ? { unique_id: view.organisation.uniqueId, name: view.organisation.name, role: view.organisation.role }
      : null,
    address: presentAddress(p.address),
    banking_information: presentBanking(p.bankingInformation),
    employee_information: presentEmployee(p.employeeInformation),
    last_login: wire.dateTime(p.lastLogin),
    date_created: wire.dateTime(p.dateCreated),
    last_updated: wire.dateTime(p.lastUpdated),
  };
}

function presentEmployee(e: EmployeeInformation | null) {
  if (!e) return null;
  return {
    id_number: e.idNumber,
    employee_number: e.employeeNumber,
    tax_number: e.taxNumber,
    phone_number: e.phoneNumber,
    birthday: wire.date(e.birthday),
    social_url: e.socialUrl,
    emergency_contact: e.emergencyContact,
    emergency_phone: e.emergencyPhone,
    medical_aid_number: e.medicalAidNumber,
    medical_aid_provider: e.medicalAidProvider,
    medical_aid_plan: e.medicalAidPlan,
    medical_conditions: e.medicalConditions,
    allergies: e.allergies,
    medications: e.medications,
    start_date: wire.date(e.startDate),
    end_date: wire.date(e.endDate),
    is_active_employee: e.isActiveEmployee,
    date_created: wire.dateTime(e.dateCreated),
    last_updated: wire.dateTime(e.lastUpdated),
  };
}

const text = (max?: number) => s.nullable(s.text({ max }));
const date = s.nullable(s.date());

const EMPLOYEE_SCHEMA = s.named(
  'EmployeeInformation',
  s.object<NonNullable<ReturnType<typeof presentEmployee>>>({
    id_number: text(EMPLOYEE_LIMITS.idNumber),
    employee_number: text(EMPLOYEE_LIMITS.employeeNumber),
    tax_number: text(EMPLOYEE_LIMITS.taxNumber),
    phone_number: text(EMPLOYEE_LIMITS.phoneNumber),
    birthday: date,
    social_url: s.nullable(s.uri(EMPLOYEE_LIMITS.socialUrl)),
    emergency_contact: text(EMPLOYEE_LIMITS.emergencyContact),
    emergency_phone: text(EMPLOYEE_LIMITS.emergencyPhone),
    medical_aid_number: text(EMPLOYEE_LIMITS.medicalAid),
    medical_aid_provider: text(EMPLOYEE_LIMITS.medicalAid),
    medical_aid_plan: text(EMPLOYEE_LIMITS.medicalAid),
    medical_conditions: text(),
    allergies: text(),
    medications: text(),
    start_date: date,
    end_date: date,
    is_active_employee: s.boolean(),
    date_created: s.dateTime(),
    last_updated: s.dateTime(),
  }),
);

type Profile = ReturnType<typeof presentProfile>;

/** What `presentProfile` writes: the Person of the spec. */
export const PROFILE_SCHEMA = s.named(
  'Person',
  s.object<Profile>({
    unique_id: s.uniqueId(),
    user: s.object<Profile['user']>({ first_name: s.text(), last_name: s.text(), email: s.email() }),
    current_language: s.choice(LANGUAGES),
    language_display: s.label(LANGUAGES),
    profile_picture_url: s.nullable(s.uri()),
    job_title: text(JOB_TITLE_MAX_LENGTH),
    is_owner: s.boolean(),
    user_type: s.choice(USER_TYPES),
    user_type_display: s.label(USER_TYPES),
    organisation_details: s.nullable(
      s.object<NonNullable<Profile['organisation_details']>>({ unique_id: s.uniqueId(), name: s.text(), role: s.choice(ROLES) }),
    ),
    address: s.nullable(ADDRESS_SCHEMA),
    banking_information: s.nullable(BANKING_SCHEMA),
    employee_information: s.nullable(EMPLOYEE_SCHEMA),
    last_login: s.nullable(s.dateTime()),
    date_created: s.dateTime(),
    last_updated: s.dateTime(),
  }),
);
