import { useState } from 'react';
import { Button, Image, Space, Typography, Upload as AntUpload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api } from '../client/request';
import type { FieldControlProps } from './types';
import { useFreshLink } from './fileLink';

/** What POST /open-platform/files answers. */
export interface UploadedFile {
  url: string;
  name: string;
  size: number;
  contentType: string;
}

export const UPLOAD_URL = '/open-platform/files';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface UploadProps extends FieldControlProps<string | null> {
  /** Like <input accept>: MIME types (image/*, image/png) and extensions (.pdf). */
  accept?: string;
  /** Bytes; the server refuses more than 5 MB whatever this says. */
  maxSize?: number;
  /** Called with the server's answer after an upload. */
  onUploaded?: (file: UploadedFile) => void;
}

const IMAGE_URL = /\.(png|jpe?g|gif|webp|svg)(?:[?#].*)?$/i;
export const isImageUrl = (url: string) => IMAGE_URL.test(url);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Whether a file matches an accept list, by MIME type (with image/* wildcards) or extension. */
export function accepts(accept: string | undefined, file: { name: string; type: string }): boolean {
  if (!accept?.trim()) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .some((rule) => {
      if (rule.startsWith('.')) return name.endsWith(rule);
      if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
      return type === rule;
    });
}

const fileName = (url: string) => decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() || url);

/**
 * One file kept as its URL: uploads the chosen file to the server (multipart), previews images and
 * links other files; removing clears the value. Size and type are checked before sending.
 */
export default function Upload({ value, onChange, accept, maxSize = MAX_UPLOAD_BYTES, disabled, readOnly, onUploaded }: UploadProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const limit = Math.min(maxSize, MAX_UPLOAD_BYTES);
  const locked = disabled || readOnly;
  // The value stays what the record holds; only what is shown and opened is renewed.
  const shown = useFreshLink(value) ?? value;

  async function send(file: File) {
    setError(null);
    if (!accepts(accept, file)) return setError(t('widgets.upload.badType', { accept }));
    if (file.size > limit) return setError(t('widgets.upload.tooLarge', { max: formatBytes(limit) }));
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    try {
      const answer = await api.post<UploadedFile>(UPLOAD_URL, body, { silent: true, timeout: 120_000 });
      setName(answer.name || file.name);
      onUploaded?.(answer);
      onChange?.(answer.url);
    } catch (e) {
      setError(t('widgets.upload.failed', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  const picker = (label: string, icon = <UploadOutlined />) => (
    <AntUpload
      accept={accept}
      multiple={false}
      maxCount={1}
      showUploadList={false}
      disabled={locked || busy}
      beforeUpload={(file) => {
        void send(file);
        return false;
      }}
    >
      <Button icon={icon} loading={busy} disabled={locked}>
        {busy ? t('widgets.upload.uploading') : label}
      </Button>
    </AntUpload>
  );

  return (
    <div className="widget-upload">
      {value ? (
        <Space align="center" wrap>
          {isImageUrl(value) ? (
            <Image
              src={shown ?? undefined}
              alt={name ?? fileName(value)}
              width={96}
              height={96}
              style={{ objectFit: 'contain', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6 }}
            />
          ) : (
            <a href={shown ?? undefined} target="_blank" rel="noopener noreferrer">
              <PaperClipOutlined /> {name ?? fileName(value)}
            </a>
          )}
          {!locked && (
            <>
              {picker(t('widgets.upload.replace'))}
              <Button
                icon={<DeleteOutlined />}
                danger
                onClick={() => {
                  setName(null);
                  setError(null);
                  onChange?.(null);
                }}
                disabled={busy}
              >
                {t('widgets.upload.remove')}
              </Button>
            </>
          )}
        </Space>
      ) : locked ? (
        <Typography.Text type="secondary">-</Typography.Text>
      ) : (
        <Space direction="vertical" size={2}>
          {picker(t('widgets.upload.button'))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('widgets.upload.hint', { max: formatBytes(limit) })}
          </Typography.Text>
        </Space>
      )}
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
