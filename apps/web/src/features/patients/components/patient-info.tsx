import type { PatientDetails } from '@dental/contract';
import { Card, Descriptions, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, mapUrl } from '../../../lib/format';
import { localName } from '../../../lib/local-name';
import { useCall } from '../../../lib/query';
import { systemName } from '../../../lib/system-lookups';
import { authCalls } from '@dental/contract';
import { useClinicList, usePatient } from '../api';
import { PatientTypeTag, useAge } from './patient-tags';
import { MobileText } from '../mobile';

/** Tab 1 of the patient file: every field of the record, read-only (the Edit button opens the form). */
export function PatientInfo({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patients');
  const patient = usePatient(patientId);
  const age = useAge();
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 60_000 });
  const lists = {
    RelativeType: useClinicList('RelativeType'),
    Occupation: useClinicList('Occupation'),
    Nationality: useClinicList('Nationality'),
    PatientReference: useClinicList('PatientReference'),
  };
  const nameOf = (group: keyof typeof lists, id: number | null) => {
    const item = lists[group].data?.items.find((i) => i.id === id);
    return item ? localName(item) : '';
  };
  if (!patient.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const p: PatientDetails = patient.data;
  const row = (label: string, value: ReactNode) => (
    <Descriptions.Item label={label}>{value || t('file.noValue')}</Descriptions.Item>
  );
  const branchNames = p.branchIds.map((id) => branches.data?.items.find((b) => b.branchId === id)?.name ?? `#${id}`).join('، ');
  return (
    <>
      <Card size="small" title={t('sections.identity')} style={{ marginBlockEnd: 12 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          {row(t('fields.code'), p.code)}
          {row(t('fields.name'), p.name)}
          {row(t('fields.mobile'), <MobileText value={p.mobile} />)}
          {row(t('fields.nationalId'), p.nationalId && <bdi dir="ltr">{p.nationalId}</bdi>)}
          {row(t('fields.email'), p.email && <bdi dir="ltr">{p.email}</bdi>)}
          {row(t('fields.dateOfBirth'), p.dateOfBirth && `${formatDate(p.dateOfBirth)} (${age(p.dateOfBirth)})`)}
          {row(t('fields.gender'), systemName('Gender', p.gender))}
          {row(t('fields.parent'), p.parent?.name)}
          {row(t('fields.relativeType'), nameOf('RelativeType', p.relativeTypeId))}
        </Descriptions>
      </Card>
      <Card size="small" title={t('sections.personal')} style={{ marginBlockEnd: 12 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          {row(t('fields.maritalStatus'), systemName('MaritalStatus', p.maritalStatus))}
          {row(t('fields.occupation'), nameOf('Occupation', p.occupationId))}
          {row(t('fields.nationality'), nameOf('Nationality', p.nationalityId))}
          {row(t('fields.employer'), p.employer)}
          {row(t('fields.latitude') + ' / ' + t('fields.longitude'), p.latitude != null && p.longitude != null && (
            <a href={mapUrl(p.latitude, p.longitude)} target="_blank" rel="noreferrer">
              <bdi dir="ltr">{p.latitude}, {p.longitude}</bdi>
            </a>
          ))}
        </Descriptions>
      </Card>
      <Card size="small" title={t('sections.insurance')} style={{ marginBlockEnd: 12 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          {row(t('fields.insuranceCompany'), p.insuranceCompany?.name)}
          {row(t('fields.insuranceNo'), p.insuranceNo)}
          {row(t('fields.policyNo'), p.policyNo)}
          {row(t('fields.dependentCode'), p.dependentCode)}
          {row(t('fields.membershipNo'), p.membershipNo)}
          {row(t('fields.certificateNo'), p.certificateNo)}
          {row(t('fields.relatedCompany'), p.relatedCompany)}
          {row(t('fields.insuranceStartDate'), formatDate(p.insuranceStartDate))}
          {row(t('fields.insuranceEndDate'), formatDate(p.insuranceEndDate))}
        </Descriptions>
      </Card>
      <Card size="small" title={t('sections.settings')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          {row(t('fields.patientType'), <PatientTypeTag type={p.patientType} />)}
          {row(t('fields.branches'), branchNames)}
          {row(t('fields.reference'), nameOf('PatientReference', p.referenceId))}
          {row(t('fields.smsLanguage'), t(`languages.${p.smsLanguage}`))}
          {row(t('fields.source'), p.source === 'website' ? t('website') : t('clinic'))}
          {row(t('fields.createdAt'), formatDateTime(p.createdAt))}
        </Descriptions>
      </Card>
    </>
  );
}
