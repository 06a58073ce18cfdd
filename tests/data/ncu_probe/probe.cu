// Probe: which texts ncu writes into its NVTX CSV columns for the NVTX features a profile can use.
#include <cstdio>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

__global__ void touch(float *p, int n, float v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = p[i] * 0.5f + v;
}

static void launch(float *d, int n, float v)
{
    touch<<<(n + 255) / 256, 256>>>(d, n, v);
    cudaDeviceSynchronize();
}

int main()
{
    const int n = 1 << 20;
    float *d = nullptr;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    launch(d, n, 0.f); // no range at all

    nvtxRangePushA("outer: a, b");
    launch(d, n, 1.f);
    {
        nvtxEventAttributes_t a = {};
        a.version = NVTX_VERSION;
        a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
        a.colorType = NVTX_COLOR_ARGB;
        a.color = 0xFF00FF00;
        a.payloadType = NVTX_PAYLOAD_TYPE_INT64;
        a.payload.llValue = 42;
        a.messageType = NVTX_MESSAGE_TYPE_ASCII;
        a.message.ascii = "ex:colour+payload";
        nvtxRangePushEx(&a);
        launch(d, n, 2.f);
        nvtxRangePop();
    }
    nvtxRangePushA("quote\"inside, and \"\"two\"\"");
    launch(d, n, 3.f);
    nvtxRangePop();
    nvtxRangePop();

    nvtxDomainHandle_t dom = nvtxDomainCreateA("my:domain");
    nvtxStringHandle_t reg = nvtxDomainRegisterStringA(dom, "registered msg");
    {
        nvtxEventAttributes_t a = {};
        a.version = NVTX_VERSION;
        a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
        a.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
        a.message.registered = reg;
        nvtxDomainRangePushEx(dom, &a);
        nvtxRangePushA("inner default");
        launch(d, n, 4.f);
        nvtxRangePop();
        nvtxDomainRangePop(dom);
    }

    nvtxRangeId_t s1 = nvtxRangeStartA("se: first");
    launch(d, n, 5.f);
    nvtxRangeId_t s2 = nvtxRangeStartA("se second");
    launch(d, n, 6.f);
    nvtxRangeEnd(s1);
    launch(d, n, 7.f);
    {
        nvtxEventAttributes_t a = {};
        a.version = NVTX_VERSION;
        a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
        a.colorType = NVTX_COLOR_ARGB;
        a.color = 0xFFFF0000;
        a.payloadType = NVTX_PAYLOAD_TYPE_DOUBLE;
        a.payload.dValue = 2.5;
        a.messageType = NVTX_MESSAGE_TYPE_ASCII;
        a.message.ascii = "dom se";
        nvtxRangeId_t s3 = nvtxDomainRangeStartEx(dom, &a);
        nvtxRangePushA("pp inside se");
        launch(d, n, 8.f);
        nvtxRangePop();
        nvtxDomainRangeEnd(dom, s3);
    }
    nvtxRangeEnd(s2);
    launch(d, n, 9.f);
    cudaFree(d);
    std::printf("probe done\n");
    return 0;
}
