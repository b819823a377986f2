import { ProfileView } from '../../../application/person/profile-views';
import { EmployeeInformation } from '../../../domain/person/employee-information';
import { USER_TYPES } from '../../../domain/person/person';
import { LANGUAGES } from '../../../domain/shared/enumerations';
import { presentAddress, presentBanking, wire } from '../shared/present';

export function presentProfile(view: ProfileView) {
  const p = view.person;
  return {
    unique_id: p.uniqueId,
    user: { first_name: p.firstName, last_name: p.lastName, email: p.email },
    current_language: p.currentLanguage,
    language_display: LANGUAGES.label(p.currentLanguage),
    profile_picture_url: p.profilePictureUrl,
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
