"""Words for the synthetic tracker: the values of the sentence templates' slots (in
English, French and Traditional Chinese) and the English prose of the records.

The templates themselves are in bench/sentences.py.  Slots:
{product} {company} {gpu} {exec} {role} {where} {month} and the numbers {n}
(a multiple), {tps} (tokens per second), {price} (US dollars per million
tokens), {pct}, {ms}, {count} (GPUs) and {ctx} (thousands of tokens of context).
Numbers are formatted per language (12,000 / 12 000; 2.50 / 2,50).
"""

from __future__ import annotations

# (en, fr, zh-Hant); the same word in every language is given once.
PRODUCTS = (
    "GPT-6 Astra Ultrafast",
    "GPT-6 Astra",
    "Astra Mini",
    "Gemini 4 Flash",
    "Claude Opus 6",
    "Llama 5 Turbo",
    "Mistral Large 4",
    "Qwen 4 Max",
    "Grok 5 Mini",
    "DeepSeek V5",
    "Command R3",
    "Phi-6",
    "Nemotron Ultra 2",
    "Falcon 4",
    "Jamba 3",
)
COMPANIES = (
    "NVIDIA",
    "OpenAI",
    "Google",
    "Anthropic",
    "Meta",
    "Mistral AI",
    "Alibaba Cloud",
    "xAI",
    "DeepSeek",
    "CoreWeave",
    "Microsoft Azure",
    "AWS",
    "Oracle Cloud",
    "Lambda",
    "Cohere",
)
GPUS = (
    "Blackwell Ultra GB300",
    "GB200 NVL72",
    "H200",
    "B200",
    "Rubin VR200",
    "H100",
    "MI355X",
    "TPU v7 Ironwood",
    "Trainium 3",
    "L40S",
)
EXECS = (
    ("Dana Ruiz", "OpenAI", ("head of inference", "responsable de l'inférence", "推論負責人")),
    (
        "Ken Ito",
        "NVIDIA",
        ("VP of accelerated computing", "vice-président du calcul accéléré", "加速運算副總裁"),
    ),
    ("Sofia Marchetti", "Mistral AI", ("chief product officer", "directrice produit", "產品長")),
    (
        "Li Wei",
        "Alibaba Cloud",
        ("head of model serving", "responsable du service des modèles", "模型服務主管"),
    ),
    ("Amara Okafor", "Anthropic", ("head of platform", "responsable de la plateforme", "平台主管")),
    ("Jean-Marc Duval", "CoreWeave", ("chief technology officer", "directeur technique", "技術長")),
    (
        "Chen Yu-ting",
        "Google",
        ("product lead for Gemini", "cheffe de produit Gemini", "Gemini產品負責人"),
    ),
    (
        "Priya Raman",
        "Microsoft Azure",
        (
            "general manager of AI infrastructure",
            "directrice générale de l'infrastructure IA",
            "AI基礎設施總經理",
        ),
    ),
    (
        "Dion Harris",
        "NVIDIA",
        (
            "head of data center product marketing",
            "responsable du marketing produit data center",
            "資料中心產品行銷主管",
        ),
    ),
    (
        "Tomás Álvarez",
        "Meta",
        ("director of AI research", "directeur de la recherche en IA", "AI研究總監"),
    ),
)
WHERE = (
    ("in the United States", "aux États-Unis", "在美國"),
    ("in Europe", "en Europe", "在歐洲"),
    ("in Japan", "au Japon", "在日本"),
    ("in Taiwan", "à Taïwan", "在台灣"),
    ("in France", "en France", "在法國"),
    ("worldwide", "dans le monde entier", "在全球"),
    ("in Canada", "au Canada", "在加拿大"),
    ("in Singapore", "à Singapour", "在新加坡"),
)
MONTHS = (
    ("January", "janvier", "1月"),
    ("February", "février", "2月"),
    ("March", "mars", "3月"),
    ("April", "avril", "4月"),
    ("May", "mai", "5月"),
    ("June", "juin", "6月"),
    ("July", "juillet", "7月"),
    ("August", "août", "8月"),
    ("September", "septembre", "9月"),
    ("October", "octobre", "10月"),
    ("November", "novembre", "11月"),
    ("December", "décembre", "12月"),
)


# English prose for the records themselves.
RATIONALES: dict[str, tuple[str, ...]] = {
    "unverified": (
        "The vendor's own figure; nobody has measured it yet.",
        "Reported by the sources in matching terms, but they share one origin.",
        "No independent test has been published, and the conditions are not stated.",
        "Taken from the announcement; the reports repeat it without checking.",
    ),
    "corroborated": (
        "Two sources with different origins report the same figure.",
        "An independent measurement agrees with the vendor's number within a few percent.",
        "Both the provider and a hosting partner state it, each from its own data.",
    ),
    "verified": (
        "Confirmed by the provider's documentation and by our own test of the API.",
        "The price list and the API response both show it.",
        "Checked against the primary source and an independent benchmark.",
    ),
    "misleading": (
        "True only for short prompts at batch size one, which the claim does not say.",
        "The comparison uses an older baseline than readers would assume.",
        "The figure is a peak, while typical use is far slower.",
    ),
    "disputed": (
        "An independent benchmark measured a much smaller gain.",
        "Two credible sources give different numbers and neither shows its method.",
        "Customers report latencies well above the stated figure.",
    ),
    "false": (
        "The documentation contradicts it directly.",
        "Measurements by two independent labs show the opposite.",
        "The stated GPU was not available in that region at the time.",
    ),
    "retracted": (
        "The company removed the sentence from its post and issued a correction.",
        "The executive withdrew the remark in a later interview.",
    ),
    "undisclosed": (
        "None of the sources gives this, and the company declined to say.",
        "The announcement is silent on it, although the claim depends on it.",
        "Asked directly, the provider did not answer.",
    ),
    "disclosed": (
        "Published later in the provider's documentation.",
        "The company gave the figure in a follow-up post.",
    ),
}
NOTES: dict[str, tuple[str, ...]] = {
    "unverified": (
        "Recorded from the announcement and its reports; not independently checked.",
        "Recorded as stated by the vendor.",
        "Added from the press coverage on launch day.",
    ),
    "corroborated": (
        "A second, independent source now reports the same figure.",
        "The hosting partner's post confirms it from its own logs.",
    ),
    "verified": (
        "Checked against the documentation and an API test.",
        "Confirmed by the primary source.",
    ),
    "misleading": (
        "The conditions behind the figure make it look better than typical use.",
        "The baseline turned out to be an older mode.",
    ),
    "disputed": (
        "An independent benchmark disagrees.",
        "Two sources now conflict.",
    ),
    "false": (
        "Contradicted by the documentation.",
        "Independent measurements contradict it.",
    ),
    "retracted": (
        "Withdrawn by the claimant.",
        "The company corrected its post.",
    ),
    "undisclosed": (
        "Not given by any source at launch.",
        "Recorded as missing from the announcement.",
    ),
    "disclosed": (
        "Published since; see the evidence.",
        "The figure appeared in a later post.",
    ),
}
STATEMENT_TAILS = (
    "The sources give no conditions for it.",
    "It is the headline figure of the announcement.",
    "The reports repeat it without naming a baseline.",
    "It applies to the API, not to the consumer app.",
    "The company repeated it in several interviews.",
    "It was stated for the preview period.",
)
PUBLISHERS = {
    "en": (
        "The Inference Report",
        "Silicon Ledger",
        "Datacenter Weekly",
        "AI Business Wire",
        "The Token Times",
        "Compute Review",
        "Model Watch",
        "Cloud Native Daily",
    ),
    "fr": (
        "Le Fil IA",
        "Journal du Calcul",
        "L'Informaticien",
        "Les Puces",
        "Numerama IA",
        "Le Monde du Cloud",
    ),
    "zh-Hant": ("科技新報", "數位時代", "iThome", "雲端週報", "AI趨勢觀察", "晶片日報"),
}
AUTHORS = (
    "Maya Chen",
    "Lucas Bernard",
    "Hannah Kowalski",
    "王志明",
    "Claire Fontaine",
    "Omar Haddad",
    "林佳穎",
    "Erik Lindqvist",
    "Nadia Benali",
    "Samuel Price",
    "黃美玲",
    "Julie Moreau",
)
TITLES = {
    "en": (
        "{company} launches {product} on {gpu}",
        "How {gpu} GPUs speed up {product}",
        "{product}: what {company} said and what it left out",
        "{company} bets on speed with {product}",
        "Inside the {product} launch",
        "{product} pricing and availability",
    ),
    "fr": (
        "{company} lance {product} sur {gpu}",
        "Comment les GPU {gpu} accélèrent {product}",
        "{product} : ce que {company} a dit et ce qu'elle a tu",
        "{company} mise sur la vitesse avec {product}",
    ),
    "zh-Hant": (
        "{company}推出{product}",
        "{gpu} GPU如何加速{product}",
        "{product}：{company}說了什麼、沒說什麼",
        "{company}以{product}押注速度",
    ),
}
TOPICS = (
    "speed",
    "pricing",
    "hardware",
    "availability",
    "quality",
    "agents",
    "energy",
    "api",
    "latency",
    "capacity",
    "partnerships",
    "benchmarks",
    "enterprise",
    "safety",
    "roadmap",
)
