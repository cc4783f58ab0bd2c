import type { FeedbackAnswers } from '@dental/contract';
import { Card, Col, Empty, Flex, List, Progress, Row, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListTable, PHONE_ONLY, SMALL_UP } from '../../../components/list-page/list-table';
import { useListParams } from '../../../components/list-page/use-list-params';
import { formatDate } from '../../../lib/format';
import { useFeedbackAnswers } from '../api';

type Item = FeedbackAnswers['items'][number];

/** /PatientFeedback: the patients' answers, newest first, with a summary per question and per doctor. */
export default function FeedbackAnswersPage() {
  const { t } = useTranslation('feedback');
  const list = useListParams<'createdAt'>();
  const answers = useFeedbackAnswers({ page: list.params.page, pageSize: list.params.pageSize });
  const summary = answers.data?.summary;

  // a phone shows the visit (patient, date, doctor) in one column beside the answers, which wrap
  const columns: TableColumnsType<Item> = [
    {
      key: 'visit', title: t('answers.patient'), responsive: PHONE_ONLY,
      render: (_, r) => (
        <Flex vertical>
          <span>{r.patientName}</span>
          <Typography.Text type="secondary">{formatDate(r.visitDate)}</Typography.Text>
          {r.doctorName && <Typography.Text type="secondary">{r.doctorName}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'date', title: t('answers.date'), render: (_, r) => formatDate(r.visitDate), width: 110, responsive: SMALL_UP },
    { key: 'patient', dataIndex: 'patientName', title: t('answers.patient'), responsive: SMALL_UP },
    { key: 'doctor', dataIndex: 'doctorName', title: t('answers.doctor'), responsive: SMALL_UP },
    {
      key: 'answers', title: t('answers.answers'),
      render: (_, r) => (
        <Flex vertical gap={2}>
          {r.answers.map((a) => (
            <span key={a.questionId}>
              {/* "Any comments?: …" reads wrong: a question mark takes the colon's place */}
              <Typography.Text type="secondary">{/[?؟]\s*$/.test(a.question) ? `${a.question} ` : `${a.question}: `}</Typography.Text>
              {/* a patient's own words, in the language they answered in */}
              {a.choice ?? <bdi lang={r.language}>{a.text}</bdi>}
            </span>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Card>
        <Typography.Title level={3} style={{ marginBlockStart: 0 }}>
          {t('answers.title')}
        </Typography.Title>
        <ListTable<Item> columns={columns} query={answers} list={list} emptyText={t('answers.empty')} fitsPhone />
      </Card>
      {summary && (summary.questions.some((q) => q.answers > 0) ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={14}>
            <Card title={t('answers.perQuestion')}>
              {summary.questions.filter((q) => q.options.length > 0).map((q) => (
                <div key={q.questionId} style={{ marginBlockEnd: 12 }}>
                  <Typography.Text strong>{q.question}</Typography.Text>
                  {q.options.map((o, i) => (
                    <Flex key={i} gap="small" align="center">
                      <span style={{ minWidth: 90 }}>{o.label}</span>
                      <Progress percent={q.answers ? Math.round((o.count / q.answers) * 100) : 0} format={() => o.count} style={{ flex: 1 }} aria-label={o.label} />
                    </Flex>
                  ))}
                </div>
              ))}
            </Card>
          </Col>
          <Col xs={24} md={10}>
            <Card title={t('answers.perDoctor')}>
              <List
                dataSource={summary.doctors}
                renderItem={(d) => (
                  <List.Item>
                    <span>{d.doctorName ?? t('answers.noDoctor')}</span>
                    <Typography.Text type="secondary">{t('answers.responses', { count: d.responses })}</Typography.Text>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      ) : (
        <Card>
          <Empty description={t('answers.noSummary')} />
        </Card>
      ))}
    </Flex>
  );
}
