import { ContainerModule } from 'inversify';
import { ReportController } from '../../adapters/http/report/report.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryExpenseReportQueries, InMemoryPipelineQueries, InMemoryVendorFollowUps } from '../../adapters/persistence/in-memory/in-memory-report.queries';
import { TypeOrmExpenseReportQueries } from '../../adapters/persistence/typeorm/report/typeorm-expense-report.queries';
import { TypeOrmPipelineQueries } from '../../adapters/persistence/typeorm/report/typeorm-pipeline.queries';
import { TypeOrmVendorFollowUps } from '../../adapters/persistence/typeorm/report/typeorm-vendor-follow-ups.queries';
import { EXPENSE_TOKENS, ExpenseRepository } from '../../application/expense/expense.ports';
import { LEAD_TOKENS, LeadRepository } from '../../application/lead/lead.kind';
import { REPORT_TOKENS } from '../../application/report/report.ports';
import { VENDOR_TOKENS, VendorRepository } from '../../application/supplier/vendor.kind';
import { Storage } from './storage';

/** Reports over expenses, leads and vendors. */
export function reportModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(REPORT_TOKENS.ExpenseReportQueries).to(TypeOrmExpenseReportQueries).inSingletonScope();
      bind(REPORT_TOKENS.PipelineQueries).to(TypeOrmPipelineQueries).inSingletonScope();
      bind(REPORT_TOKENS.VendorFollowUps).to(TypeOrmVendorFollowUps).inSingletonScope();
    } else {
      bind(REPORT_TOKENS.ExpenseReportQueries)
        .toDynamicValue((context) => new InMemoryExpenseReportQueries(context.get<ExpenseRepository>(EXPENSE_TOKENS.ExpenseRepository)))
        .inSingletonScope();
      bind(REPORT_TOKENS.PipelineQueries)
        .toDynamicValue((context) => new InMemoryPipelineQueries(context.get<LeadRepository>(LEAD_TOKENS.LeadRepository)))
        .inSingletonScope();
      bind(REPORT_TOKENS.VendorFollowUps)
        .toDynamicValue((context) => new InMemoryVendorFollowUps(context.get<VendorRepository>(VENDOR_TOKENS.VendorRepository)))
        .inSingletonScope();
    }
    bind(HTTP_TOKENS.Controller).to(ReportController).inSingletonScope();
  });
}
