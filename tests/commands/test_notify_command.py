"""`rookery notify` and the fetch command's deliveries: secrets never shown, a test
message on request, and a message owed before a crash delivered once after it."""
import os
import signal
import subprocess
import sys

import pytest

V1, V2 = "skyforge_faq_v1.html", "skyforge_faq_v2.html"
SECRET = "s3cretT0ken"


@pytest.fixture
def setup(tmp_path, scripted, fixtures, receiver):
    """A configuration watching two pages (`/faq`, then `/gate`) with one webhook target
    whose URL carries a token; returns (folder, script)."""
    script, base = scripted
    (tmp_path / "rookery.toml").write_text(
        'data = "data"\nbase_url = "https://rules.example.org/"\n[fetch]\nretries = 0\n'
        f'[[source]]\nid = "sky"\ntitle = "Skyforge FAQ"\nurl = "{base}/faq"\n'
        f'[[source]]\nid = "gate"\nurl = "{base}/gate"\n'
        f'[[notify]]\nname = "guild"\nurl = "{receiver.url("hook/" + SECRET)}"\nbackoff = 0\n')
    page = (fixtures / V1).read_bytes()
    script.on("/faq", (200, {}, page))
    script.on("/gate", (200, {}, page))
    return tmp_path, script


def rookery(folder, *args, **kw):
    env = {**os.environ, "ROOKERY_CONFIG": str(folder / "rookery.toml"), **kw.pop("env", {})}
    env.pop("ROOKERY_DATA", None)
    return subprocess.Popen([sys.executable, "-m", "rookery", *args], cwd=folder, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc):
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out, err


def test_a_message_owed_when_the_process_died_is_delivered_once_by_the_next_run(
        setup, receiver, fixtures):
    folder, script = setup
    assert finish(rookery(folder, "fetch"))[0] == 0  # the first import: nothing to tell
    script.on("/faq", (200, {}, (fixtures / V2).read_bytes()))
    script.on("/gate", "hold")  # the cycle stops here, after the FAQ's revision is recorded
    first = rookery(folder, "fetch")
    assert script.held.wait(60), first.communicate()
    first.send_signal(signal.SIGKILL)
    first.communicate()
    assert receiver.attempts == 0

    script.release.set()
    script.on("/gate", (200, {}, (fixtures / V1).read_bytes()))
    code, _, err = finish(rookery(folder, "fetch"))
    assert code == 0, err
    assert finish(rookery(folder, "fetch"))[0] == 0
    assert len(receiver.messages) == 1 and "Skyforge FAQ v2.0" in receiver.messages[0]["title"]
    code, out, _ = finish(rookery(folder, "notify", "status"))
    assert code == 0 and out.splitlines()[1].split()[2:] == ["0", "1", "0", "0"]


def test_secrets_in_target_urls_are_never_printed(setup, receiver, fixtures):
    folder, script = setup
    receiver.answers = [500]
    finish(rookery(folder, "fetch"))
    script.on("/faq", (200, {}, (fixtures / V2).read_bytes()))
    outputs = [finish(rookery(folder, "fetch")),
               finish(rookery(folder, "notify", "status")),
               finish(rookery(folder, "notify", "status", "--format", "json")),
               finish(rookery(folder, "notify", "test")),
               finish(rookery(folder, "config"))]
    said = "".join(out + err for _, out, err in outputs)
    assert "not delivered" in said and "json://127.0.0.1" in said  # it did say things
    assert SECRET not in said


def test_a_test_message_reaches_the_target(setup, receiver):
    folder, _ = setup
    code, out, err = finish(rookery(folder, "notify", "test", "guild"))
    assert code == 0, err
    assert out.startswith("guild: sent") and len(receiver.messages) == 1
    assert receiver.messages[0]["title"] == "rookery: test message"


def test_a_target_url_can_come_from_the_environment(tmp_path, receiver):
    (tmp_path / "rookery.toml").write_text(
        '[[notify]]\nname = "env"\nurl = "env:GUILD_HOOK"\n'
        f'[[notify]]\nname = "plain"\nurl = "{receiver.url()}"\n')
    code, out, err = finish(rookery(tmp_path, "notify", "test"))
    # the unset variable is said on its target's line, and the other target is still tried
    assert code == 1 and err == "" and len(receiver.messages) == 1
    said = " ".join(out.split())  # as it reads, however it wraps
    assert said.startswith("env: failed:") and "GUILD_HOOK is not set" in said
    assert "plain: sent" in said
    code, out, err = finish(rookery(tmp_path, "notify", "test", "env",
                                    env={"GUILD_HOOK": receiver.url()}))
    assert code == 0 and len(receiver.messages) == 2, err


@pytest.mark.parametrize("args, message", [
    (("notify", "test", "nosuch"), "no notify target 'nosuch' (targets: guild)"),
    (("notify", "status", "guild"), "notify status takes no target"),
])
def test_mistakes_are_one_line(setup, args, message):
    folder, _ = setup
    code, _, err = finish(rookery(folder, *args))
    assert code == 2 and err == f"rookery: error: {message}\n"


@pytest.fixture
def printed_config(tmp_path):
    def run(spelled: str) -> str:
        (tmp_path / "rookery.toml").write_text(f"# a webhook\n[[notify]]\nurl = {spelled}\n"
                                               '[[source]]\nid = "sky"\n'
                                               'url = "https://rules.example.org/faq"\n')
        code, out, err = finish(rookery(tmp_path, "config"))
        assert code == 0, err
        return out

    return run


@pytest.mark.parametrize("spelled", [
    '"json://127.0.0.1:9/hook/tokenpart"',
    "'json://127.0.0.1:9/hook/tokenpart'",  # a literal string
    '"json://127.0.0.1:9/hook/\\u0074okenpart"',  # an escape spells the token's first letter
    '"""json://127.0.0.1:9/hook/tokenpart"""',
])
def test_config_masks_a_target_url_however_the_file_spells_it(printed_config, spelled):
    out = printed_config(spelled)
    assert "okenpart" not in out
    assert 'url = "json://127.0.0.1:9/***"' in out
    assert 'url = "https://rules.example.org/faq"' in out  # a source's address stays


def test_config_masks_the_database_password(tmp_path):
    (tmp_path / "rookery.toml").write_text(
        'database = "postgresql://rook:Sup3rSecretPw@db.example.org/rules"\n'
        '[[source]]\nid = "sky"\nurl = "https://rules.example.org/faq"\n')
    code, out, err = finish(rookery(tmp_path, "config"))
    assert code == 0, err
    assert "Sup3rSecretPw" not in out
    assert 'database = "postgresql://rook:***@db.example.org/rules"' in out  # the rest kept
