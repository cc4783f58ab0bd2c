import type { FeedbackAnswers } from '@dental/contract';
import { Card, Col, Empty, Flex, List, Progress, Row, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useFeedbackAnswers } from '../api';

type Item = FeedbackAnswers['items'][number];

/** /PatientFeedback: the patients' answers, newest first, with a summary per question and per doctor. */
export default function FeedbackAnswersPage() {
  const { t } = useTranslation('feedback');
  const [page, setPage] = useState(1);
  const answers = useFeedbackAnswers({ page, pageSize: 30 });
  const summary = answers.data?.summary;

  const columns: TableColumnsType<Item> = [
    { key: 'date', title: t('answers.date'), render: (_, r) => formatDate(r.visitDate), width: 110 },
    { key: 'patient', dataIndex: 'patientName', title: t('answers.patient') },
    { key: 'doctor', dataIndex: 'doctorName', title: t('answers.doctor'), responsive: ['sm'] },
    {
      key: 'answers', title: t('answers.answers'),
      render: (_, r) => (
        <Flex vertical gap={2}>
          {r.answers.map((a) => (
            <span key={a.questionId}>
              <Typography.Text type="secondary">{a.question}: </Typography.Text>
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
        <Table<Item>
          rowKey="id"
          columns={columns}
          dataSource={answers.data?.items}
          loading={answers.isLoading}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: answers.isError ? answers.error.message : t('answers.empty') }}
          pagination={{ current: page, pageSize: 30, total: answers.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
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
