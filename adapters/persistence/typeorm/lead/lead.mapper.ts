import { Lead, LeadPriority, LeadSource } from '../../../../domain/lead/lead';
import { searchKey } from '../../search-key';
import { LeadRow } from './lead.schema';

export class LeadMapper {
  toDomain(row: LeadRow): Lead {
    return Lead.restore({
      id: row.id,
      organisationId: row.organisation_id,
      uniqueId: row.unique_id,
      title: row.title,
      description: row.description,
      qualificationNotes: row.qualification_notes,
      priority: row.priority as LeadPriority,
      leadSource: row.lead_source as LeadSource,
      estimatedValue: row.estimated_value,
      winProbability: row.win_probability,
      salesStageId: row.sales_stage_id,
      clientId: row.client_id,
      expectedCloseDate: row.expected_close_date,
      followUpDate: row.follow_up_date,
      createdById: row.created_by_id,
      assignedToId: row.assigned_to_id,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    });
  }

  toPersistence(lead: Lead): LeadRow {
    const s = lead.snapshot();
    return {
      id: s.id,
      organisation_id: s.organisationId,
      unique_id: s.uniqueId,
      title: s.title,
      title_key: searchKey(s.title),
      description: s.description,
      qualification_notes: s.qualificationNotes,
      priority: s.priority,
      lead_source: s.leadSource,
      estimated_value: s.estimatedValue,
      win_probability: s.winProbability,
      outcome: lead.outcome,
      sales_stage_id: s.salesStageId,
      client_id: s.clientId,
      expected_close_date: s.expectedCloseDate,
      follow_up_date: s.followUpDate,
      created_by_id: s.createdById,
      assigned_to_id: s.assignedToId,
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  }
}
