import { EyeOutlined } from '@ant-design/icons';
import {
  type PermissionDefinition,
  type PermissionGroup,
  type PermissionKey,
  type Tier,
  isViewListKey,
} from '@dental/contract';
import { Card, Checkbox, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TierTag } from '../../../app/shell/tier-tag';
import { type KeySet, displayOrder, groupState, isKeyEnabled } from '../permission-state';

interface Props {
  group: PermissionGroup;
  tier: Tier;
  keys: readonly PermissionDefinition[];
  selected: KeySet;
  /** Whether the viewer may tick or untick this key (false everywhere when the page is read-only). */
  grantable: (key: PermissionKey) => boolean;
  onToggle: (key: PermissionKey, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
}

/** One permission group: its label and tier tag, a check-all box, and a box per key (action keys under their list). */
export function PermissionGroupCard({ group, tier, keys, selected, grantable, onToggle, onToggleAll }: Props) {
  const { t } = useTranslation('roles');
  const { t: tp } = useTranslation('permissions');
  const groupKeys = keys.map((k) => k.key);
  const all = groupState(selected, groupKeys);
  const anyGrantable = groupKeys.some(grantable);
  const groupLabel = tp(`group.${group}`);
  const requires = new Map(keys.map((k) => [k.key, k.requires]));

  return (
    <Card
      size="small"
      className="permission-group"
      data-group={group}
      title={
        <Flex align="center" gap={8}>
          <span>{groupLabel}</span>
          <TierTag tier={tier} />
        </Flex>
      }
      extra={
        <Checkbox
          checked={all.checked}
          indeterminate={all.indeterminate}
          disabled={!anyGrantable}
          onChange={(e) => onToggleAll(e.target.checked)}
          aria-label={`${t('permissions.checkAll')} ${groupLabel}`}
        >
          <Typography.Text type="secondary">
            {t('permissions.checkAll')} ({all.count}/{groupKeys.length})
          </Typography.Text>
        </Checkbox>
      }
    >
      <Flex vertical gap={6}>
        {displayOrder(groupKeys).map(({ key, indent }) => {
          const enabled = isKeyEnabled(key, selected, grantable);
          const needs = requires.get(key);
          const reason = !grantable(key)
            ? undefined
            : !enabled && needs
              ? t('permissions.needsList', { list: tp(`key.${needs}`) })
              : undefined;
          const viewList = isViewListKey(key);
          return (
            <Flex
              key={key}
              align="center"
              gap={6}
              wrap
              className={viewList ? 'permission-key permission-key-list' : 'permission-key'}
              style={{ marginInlineStart: indent ? 26 : 0 }}
            >
              <Tooltip title={reason}>
                <Checkbox
                  checked={selected.has(key)}
                  disabled={!enabled}
                  onChange={(e) => onToggle(key, e.target.checked)}
                  data-key={key}
                >
                  {viewList ? <strong>{tp(`key.${key}`)}</strong> : tp(`key.${key}`)}
                </Checkbox>
              </Tooltip>
              {viewList && (
                <Tooltip title={t('permissions.viewListHint')}>
                  <Tag color="cyan" bordered={false} icon={<EyeOutlined />} style={{ marginInlineEnd: 0 }}>
                    {t('permissions.viewList')}
                  </Tag>
                </Tooltip>
              )}
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
