import { PlusOutlined } from '@ant-design/icons';
import {
  type ChartedTooth,
  type ToothChange,
  type ToothExtensionKind,
  type ToothNumbering,
  TOOTH_EXTENSION_KINDS,
  TOOTH_SURFACES,
  palmerCode,
  palmerSymbol,
  toothCode,
  toothExtension,
  toothPart,
} from '@dental/contract';
import { Button, Card, ColorPicker, Descriptions, Flex, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { fieldErrorText } from '../../../lib/i18n';
import { STATUS_COLORS } from './tooth-geometry';
import { ToothCanals } from './tooth-canals';
import { ToothNotes } from './tooth-notes';

interface ToothPanelProps {
  patientId: number;
  tooth: number | null;
  selectedCount: number;
  numbering: ToothNumbering;
  state: ChartedTooth | undefined;
  notes: number;
  canals: number;
  canWrite: boolean;
  busy: boolean;
  onSave: (change: ToothChange) => Promise<unknown>;
  /** The tooth's procedures (features/patient-procedures), shown above its notes and canals. */
  procedures?: (tooth: number) => ReactNode;
}

const Swatch = ({ color }: { color: string }) => <span className="dc-swatch" style={{ background: color }} aria-hidden />;

/** Side panel of the active tooth: what is charted on it (with its parts and extensions), its notes and canals. */
export function ToothPanel(p: ToothPanelProps) {
  const { t } = useTranslation('dental-chart');
  if (p.tooth === null) {
    return (
      <Card size="small" title={t('panel.title')}>
        <EmptyState compact description={p.selectedCount > 1 ? t('panel.several', { count: p.selectedCount }) : t('panel.pick')} />
      </Card>
    );
  }
  return <ActiveTooth key={p.tooth} {...p} tooth={p.tooth} />;
}

function ActiveTooth(p: ToothPanelProps & { tooth: number }) {
  const { t } = useTranslation('dental-chart');
  const { tooth, state, canWrite } = p;
  const name = t('tooth.name', { code: toothCode(tooth, p.numbering) });
  const parts = state?.parts ?? [];
  const extensions = state?.extensions ?? [];
  const surfaces = TOOTH_SURFACES.filter((c) => state?.surfaces[c]);

  const [partName, setPartName] = useState('');
  const [partColor, setPartColor] = useState('#9254de');
  const [partError, setPartError] = useState<string | null>(null);
  const [kind, setKind] = useState<ToothExtensionKind>('pontic');
  const [note, setNote] = useState('');
  const [extensionError, setExtensionError] = useState<string | null>(null);

  const addPart = async () => {
    const parsed = toothPart.safeParse({ name: partName, color: partColor });
    if (!parsed.success) return setPartError(fieldErrorText(parsed.error.issues[0]?.message));
    setPartError(null);
    await p.onSave({ tooth, parts: [...parts, parsed.data] });
    setPartName('');
  };
  const addExtension = async () => {
    const parsed = toothExtension.safeParse({ kind, note: note.trim() || null });
    if (!parsed.success) return setExtensionError(fieldErrorText(parsed.error.issues[0]?.message));
    setExtensionError(null);
    await p.onSave({ tooth, extensions: [...extensions, parsed.data] });
    setNote('');
  };

  return (
    <Card
      size="small"
      title={
        <Space size="small" wrap>
          <span>{name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <bdi dir="ltr">{`FDI ${tooth} · Palmer ${palmerCode(tooth)} (${palmerSymbol(tooth)})`}</bdi>
          </Typography.Text>
        </Space>
      }
      data-testid="tooth-panel"
    >
      <Descriptions size="small" column={1} colon={false} styles={{ label: { width: 110 } }}>
        <Descriptions.Item label={t('panel.colour')}>
          {state?.color ? (
            <Space size={6}>
              <Swatch color={state.color} />
              <bdi dir="ltr">{state.color}</bdi>
            </Space>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.surfaces')}>
          {surfaces.length ? (
            <Space size={[8, 4]} wrap>
              {surfaces.map((c) => (
                <Space key={c} size={4}>
                  <Swatch color={state!.surfaces[c]!} />
                  <span>{t(`surfaces.${c}`)}</span>
                </Space>
              ))}
            </Space>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.extras')}>
          {state?.extras.length ? (
            <Space size={[4, 4]} wrap>
              {state.extras.map((e) => (
                <Tag
                  key={e.code}
                  color={STATUS_COLORS[e.status]}
                  closable={canWrite}
                  closeIcon={canWrite ? undefined : false}
                  onClose={(ev) => {
                    ev.preventDefault();
                    void p.onSave({ tooth, extras: state.extras.filter((x) => x.code !== e.code) });
                  }}
                >
                  {`${t(`extras.${e.code}`)} · ${t(`status.${e.status}`)}`}
                </Tag>
              ))}
            </Space>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.parts')}>
          <Flex vertical gap={6} style={{ width: '100%' }}>
            {parts.length ? (
              <Space size={[4, 4]} wrap>
                {parts.map((part, i) => (
                  <Tag
                    key={`${part.name}-${i}`}
                    closable={canWrite}
                    onClose={(ev) => {
                      ev.preventDefault();
                      void p.onSave({ tooth, parts: parts.filter((_, j) => j !== i) });
                    }}
                  >
                    <Space size={4}>
                      <Swatch color={part.color} />
                      {part.name}
                    </Space>
                  </Tag>
                ))}
              </Space>
            ) : (
              !canWrite && '—'
            )}
            {canWrite && (
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  size="small"
                  value={partName}
                  maxLength={50}
                  placeholder={t('panel.partName')}
                  aria-label={t('panel.partName')}
                  status={partError ? 'error' : undefined}
                  onChange={(e) => setPartName(e.target.value)}
                  onPressEnter={() => void addPart()}
                />
                <ColorPicker size="small" disabledAlpha format="hex" value={partColor} onChangeComplete={(c) => setPartColor(c.toHexString())} />
                <Button size="small" icon={<PlusOutlined />} loading={p.busy} onClick={() => void addPart()} aria-label={t('panel.addPart')} />
              </Space.Compact>
            )}
            {partError && <Typography.Text type="danger">{partError}</Typography.Text>}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('panel.extensions')}>
          <Flex vertical gap={6} style={{ width: '100%' }}>
            {extensions.length ? (
              <Space size={[4, 4]} wrap>
                {extensions.map((x, i) => (
                  <Tag
                    key={`${x.kind}-${i}`}
                    closable={canWrite}
                    onClose={(ev) => {
                      ev.preventDefault();
                      void p.onSave({ tooth, extensions: extensions.filter((_, j) => j !== i) });
                    }}
                  >
                    {x.note ? `${t(`extensionKinds.${x.kind}`)}: ${x.note}` : t(`extensionKinds.${x.kind}`)}
                  </Tag>
                ))}
              </Space>
            ) : (
              !canWrite && '—'
            )}
            {canWrite && (
              <Space.Compact style={{ width: '100%' }}>
                <Select<ToothExtensionKind>
                  size="small"
                  value={kind}
                  onChange={setKind}
                  style={{ minWidth: 110 }}
                  aria-label={t('panel.extensionKind')}
                  options={TOOTH_EXTENSION_KINDS.map((k) => ({ value: k, label: t(`extensionKinds.${k}`) }))}
                />
                <Input
                  size="small"
                  value={note}
                  maxLength={200}
                  placeholder={t('panel.extensionNote')}
                  aria-label={t('panel.extensionNote')}
                  status={extensionError ? 'error' : undefined}
                  onChange={(e) => setNote(e.target.value)}
                  onPressEnter={() => void addExtension()}
                />
                <Button size="small" icon={<PlusOutlined />} loading={p.busy} onClick={() => void addExtension()} aria-label={t('panel.addExtension')} />
              </Space.Compact>
            )}
            {extensionError && <Typography.Text type="danger">{extensionError}</Typography.Text>}
          </Flex>
        </Descriptions.Item>
      </Descriptions>

      {p.procedures?.(tooth)}

      <Tabs
        size="small"
        items={[
          {
            key: 'notes',
            label: `${t('notes.title')} (${p.notes})`,
            children: <ToothNotes patientId={p.patientId} tooth={tooth} toothName={name} canWrite={canWrite} />,
          },
          {
            key: 'canals',
            label: `${t('canals.title')} (${p.canals})`,
            children: <ToothCanals patientId={p.patientId} tooth={tooth} toothName={name} canWrite={canWrite} />,
          },
        ]}
      />
    </Card>
  );
}
