import { useDetailText } from '../i18n';
import { useDocumentTitle } from '../siteData';
import { Icon } from '../ui/icons';
import './notfound.css';

export default function NotFoundPage() {
  const { notFound } = useDetailText();
  useDocumentTitle(notFound.title);
  return (
    <section className="p-notfound p-container" aria-labelledby="p-notfound-title">
      <svg className="p-notfound__art" viewBox="0 0 240 120" role="img" aria-label="404">
        <text x="120" y="88" textAnchor="middle" fontSize="96" fontWeight="700" fill="#e6f4ff" stroke="#1890ff" strokeWidth="2">
          404
        </text>
        <path d="M40 104h160" stroke="#91caff" strokeWidth="3" strokeLinecap="round" strokeDasharray="6 8" />
      </svg>
      <h1 id="p-notfound-title">{notFound.title}</h1>
      <p>{notFound.text}</p>
      <a className="p-btn p-btn--primary" href="#/index">
        <Icon name="arrowRight" size={18} />
        {notFound.back}
      </a>
    </section>
  );
}
